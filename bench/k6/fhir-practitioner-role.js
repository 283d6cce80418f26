// k6 run -e BASE_URL=http://127.0.0.1:5000 bench/k6/fhir-practitioner-role.js  (scenario: ../scenarios-def.js)
import { options as optionsFor, signInPatients, step } from './lib.js';

const NAME = 'fhir-practitioner-role';
export const options = optionsFor(NAME);
export function setup() {
  return signInPatients(NAME);
}
export default function (data) {
  step(NAME, data);
}
