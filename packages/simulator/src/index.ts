export { numberOption } from './cli-args';
export { type ControlServer, type ControlTarget, startControlServer } from './control-server';
export {
  CREDENTIALS_HEADER,
  formatCredentialsLine,
  generateIdentities,
  parseCredentialsCsv,
} from './credentials';
export { type DeviceIdentity, type DeviceOptions, SimulatedDevice, UnknownSensorError } from './device';
export { type ActiveScenario, SCENARIO_NAMES, type ScenarioName } from './scenarios';
export {
  type RunningSimulator,
  type SimulatorOptions,
  type SimulatorTransport,
  startSimulator,
} from './simulator';
export { MqttLink, type MqttLinkOptions } from './transports/mqtt-link';
