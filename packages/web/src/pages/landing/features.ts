/** The six information blocks of the landing page (A section 1) and the section each one scrolls to. */
export type Feature = {
  id: string;
  title: string;
  summary: string;
  paragraphs: string[];
};

export const FEATURES: Feature[] = [
  {
    id: 'real-time-data-access',
    title: 'Real-Time Data Access',
    summary: 'Live sensor values from every site, a second after the device reports them.',
    paragraphs: [
      'Each hazard monitoring unit on your elevators and conveyors sends its complete sensor state to Vigil about once a second. The Sensor Dashboard shows every device as its groups and sensors — bearing and pulley temperatures, belt alignment and rub contacts, belt speed and slip — each with its status: OK, warning or alarm, and the controller’s own state text.',
      'A device that stops reporting is marked offline within a minute, so a quiet screen is never mistaken for a healthy plant.',
    ],
  },
  {
    id: 'data-trending',
    title: 'Data Trending',
    summary: 'Graphs of the last hour, day, week or month for any sensor.',
    paragraphs: [
      'Every reading is stored, so a bearing that warms a little more each week, or a belt that slowly drifts towards one side, shows up as a trend long before it trips an alarm.',
      'Sensor Graphs plot live data and fixed windows of 1 hour, 24 hours, 7 days and 30 days, or any period you choose. Periods without communication appear as gaps rather than invented values. Graphs export as CSV for your records or as PNG for a maintenance report.',
    ],
  },
  {
    id: 'alarm-and-notifications-log',
    title: 'Alarm and Notifications Log',
    summary: 'Every alarm, warning and maintenance test, with when it started and cleared.',
    paragraphs: [
      'Vigil keeps a log of each alarm and warning: the site, device and sensor, the value that raised it, when it began and how long it lasted. Active events and history sit on separate tabs and can be filtered by date, site, device and type, then exported.',
      'Maintenance tests run from the dashboard are logged alongside, giving a record of which sensor was tested, by whom and with what result.',
    ],
  },
  {
    id: 'e-mail-notifications',
    title: 'E-mail Notifications',
    summary: 'Rules that send the right event to the right person.',
    paragraphs: [
      'Each user chooses which events reach their inbox — alarms, warnings, devices going offline or powering up, maintenance — for which devices, and when: as the alert happens, when an alarm is still not cleared after a number of minutes, or every few hours while it persists.',
      'Smart Notify caps the e-mails a single sensor can send per hour, so an intermittent fault does not bury the alerts that matter.',
    ],
  },
  {
    id: 'full-data-analytics',
    title: 'Full Data Analytics',
    summary: 'Which sensors alarm most, at what time of day, and why.',
    paragraphs: [
      'Analytics reports summarise a device’s alarm history over any date range: alarms per sensor, alarms by hour of the day and the share of each alarm type.',
      'Patterns such as a conveyor that misaligns at every morning start-up, or a head pulley that runs hot during the afternoon shift, become visible — so maintenance can be planned instead of rushed. Each chart exports as an image.',
    ],
  },
  {
    id: 'low-cost',
    title: 'Low Cost',
    summary: 'Uses the monitors you already own; nothing to install on your computers.',
    paragraphs: [
      'Vigil reads the hazard monitoring controllers already fitted to your elevators and conveyors; a gateway forwards their data over the plant’s existing internet connection.',
      'The portal runs in a web browser on a PC, tablet or phone. One account covers any number of sites, devices and users, with per-site permissions for managers, engineers and operators.',
    ],
  },
];

export const SAFETY_NOTICE =
  'Vigil displays the status of the installed monitoring system. It is not a safety system: the hazard monitors on site keep their own alarms and shutdowns, and the customer remains responsible for monitoring and for the safety of the plant.';

/** Target of 'VIEW ALL' (the product catalogue) and of the header's anchors. */
export const CATALOGUE_SECTION_ID = 'catalogue';

/** Scrolls smoothly to a section of the landing page. */
export function scrollToSection(id: string): void {
  document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}
