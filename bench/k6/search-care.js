// k6 run -e BASE_URL=http://127.0.0.1:5000 bench/k6/search-care.js  (scenario: ../scenarios-def.js)
import { options as optionsFor, signInPatients, step } from './lib.js';

const NAME = 'search-care';
export const options = optionsFor(NAME);
export function setup() {
  return signInPatients(NAME);
}
export default function (data) {
  step(NAME, data);
}
