/** Texts of the sensor settings screens that the spec leaves open (ours); the spec's own are in contracts. */
export const SENSOR_SETTINGS_TEXTS = {
  namesSaved: 'Sensor names saved',
  imagesSaved: 'Sensor images saved',
  typesSaved: 'Sensor settings saved',
  imported: 'Sensor names imported',
  saveFailed: 'The changes could not be saved. Please try again.',
  loadFailed: 'The sensor configuration could not be loaded.',
  exportFailed: 'The sensor names could not be exported. Please try again.',
  importFailed: 'The file could not be imported. Please try again.',
  namesReadOnly: "You can read this device's sensor names; only the site's editors can change them.",
} as const;
