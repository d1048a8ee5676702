/**
 * States for the demo set: a box well inside each state (so generated coordinates fall inside it),
 * a weight close to each state's share of US banks, and the credit-box region.
 */
export type DemoState = {
  code: string;
  name: string;
  latitude: [number, number];
  longitude: [number, number];
  weight: number;
  fips: number;
};

// code, name, lat min, lat max, lon min, lon max, weight (roughly the number of banks), FIPS
const rows: Array<[string, string, number, number, number, number, number, number]> = [
  ['AL', 'Alabama', 31.5, 34.5, -87.8, -85.6, 110, 1],
  ['AK', 'Alaska', 60.5, 64.5, -152, -146, 5, 2],
  ['AZ', 'Arizona', 32.0, 36.5, -113.5, -110.0, 15, 4],
  ['AR', 'Arkansas', 33.5, 36.0, -94.0, -91.0, 90, 5],
  ['CA', 'California', 35.0, 37.5, -120.5, -119.0, 140, 6],
  ['CO', 'Colorado', 37.5, 40.5, -108.5, -102.5, 80, 8],
  ['CT', 'Connecticut', 41.3, 41.9, -73.4, -72.0, 35, 9],
  ['DE', 'Delaware', 38.6, 39.6, -75.7, -75.4, 20, 10],
  ['DC', 'District of Columbia', 38.88, 38.95, -77.08, -76.95, 4, 11],
  ['FL', 'Florida', 27.0, 30.3, -82.3, -81.0, 100, 12],
  ['GA', 'Georgia', 31.5, 34.3, -84.8, -82.5, 150, 13],
  ['HI', 'Hawaii', 19.3, 19.9, -155.8, -155.1, 6, 15],
  ['ID', 'Idaho', 42.5, 44.5, -116.5, -112.5, 12, 16],
  ['IL', 'Illinois', 38.5, 41.8, -90.0, -88.2, 420, 17],
  ['IN', 'Indiana', 38.5, 41.5, -87.3, -85.0, 110, 18],
  ['IA', 'Iowa', 40.8, 43.3, -95.5, -91.5, 270, 19],
  ['KS', 'Kansas', 37.2, 39.8, -101.5, -95.0, 210, 20],
  ['KY', 'Kentucky', 36.8, 37.8, -88.0, -83.5, 140, 21],
  ['LA', 'Louisiana', 30.5, 32.8, -93.5, -91.5, 110, 22],
  ['ME', 'Maine', 44.0, 46.5, -70.5, -68.0, 25, 23],
  ['MD', 'Maryland', 39.0, 39.6, -77.5, -76.6, 40, 24],
  ['MA', 'Massachusetts', 42.0, 42.6, -72.8, -71.2, 110, 25],
  ['MI', 'Michigan', 42.2, 44.8, -85.8, -83.3, 80, 26],
  ['MN', 'Minnesota', 44.0, 48.0, -95.5, -93.0, 250, 27],
  ['MS', 'Mississippi', 31.2, 34.5, -90.8, -88.7, 70, 28],
  ['MO', 'Missouri', 37.0, 40.0, -94.0, -91.0, 240, 29],
  ['MT', 'Montana', 45.5, 48.5, -113.0, -105.0, 40, 30],
  ['NE', 'Nebraska', 40.2, 42.8, -103.5, -96.5, 160, 31],
  ['NV', 'Nevada', 38.5, 41.5, -119.0, -115.0, 15, 32],
  ['NH', 'New Hampshire', 43.0, 44.5, -72.0, -71.2, 20, 33],
  ['NJ', 'New Jersey', 39.5, 40.8, -75.0, -74.2, 60, 34],
  ['NM', 'New Mexico', 32.5, 36.5, -108.0, -104.0, 35, 35],
  ['NY', 'New York', 42.0, 43.5, -78.5, -74.5, 130, 36],
  ['NC', 'North Carolina', 35.2, 36.2, -81.5, -77.0, 45, 37],
  ['ND', 'North Dakota', 46.3, 48.5, -103.5, -97.5, 70, 38],
  ['OH', 'Ohio', 39.2, 41.3, -84.5, -81.0, 170, 39],
  ['OK', 'Oklahoma', 34.2, 36.5, -99.0, -95.0, 180, 40],
  ['OR', 'Oregon', 42.5, 45.5, -123.0, -118.0, 20, 41],
  ['PA', 'Pennsylvania', 40.2, 41.8, -79.8, -75.8, 150, 42],
  ['RI', 'Rhode Island', 41.5, 41.9, -71.7, -71.4, 8, 44],
  ['SC', 'South Carolina', 33.2, 34.7, -82.0, -79.8, 55, 45],
  ['SD', 'South Dakota', 43.5, 45.5, -103.0, -97.0, 65, 46],
  ['TN', 'Tennessee', 35.2, 36.4, -89.5, -83.0, 150, 47],
  ['TX', 'Texas', 29.5, 33.5, -100.0, -95.5, 400, 48],
  ['UT', 'Utah', 37.5, 41.0, -113.5, -109.5, 40, 49],
  ['VT', 'Vermont', 43.0, 44.8, -73.1, -72.3, 12, 50],
  ['VA', 'Virginia', 36.8, 37.8, -80.0, -77.5, 70, 51],
  ['WA', 'Washington', 46.2, 48.5, -122.0, -118.0, 35, 53],
  ['WV', 'West Virginia', 38.0, 39.3, -81.5, -79.8, 55, 54],
  ['WI', 'Wisconsin', 43.0, 45.5, -91.0, -88.5, 190, 55],
  ['WY', 'Wyoming', 41.3, 44.8, -110.5, -104.5, 30, 56],
];

export const demoStates: DemoState[] = rows.map(([code, name, latMin, latMax, lonMin, lonMax, weight, fips]) => ({
  code,
  name,
  latitude: [latMin, latMax],
  longitude: [lonMin, lonMax],
  weight,
  fips,
}));

/** Regions of the credit box. */
export const regions: Record<string, readonly string[]> = {
  Northeast: ['CT', 'DE', 'MA', 'MD', 'ME', 'NH', 'NJ', 'NY', 'PA', 'RI', 'VT', 'DC'],
  Midwest: ['IA', 'IL', 'IN', 'KS', 'MI', 'MN', 'MO', 'ND', 'NE', 'OH', 'SD', 'WI'],
  South: ['AL', 'AR', 'FL', 'GA', 'KY', 'LA', 'MS', 'NC', 'OK', 'SC', 'TN', 'TX', 'VA', 'WV'],
  West: ['AK', 'AZ', 'CA', 'CO', 'HI', 'ID', 'MT', 'NM', 'NV', 'OR', 'UT', 'WA', 'WY'],
};
