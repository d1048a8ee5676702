// Regenerates us-states.geo.json, the offline outline drawn under the branch map.
// Source: the us-atlas package (US Census Bureau cartographic boundaries, 1:10m, ISC licence)
// converted with topojson-client. Neither is a project dependency; fetch them once with:
//   mkdir -p /tmp/geo && cd /tmp/geo && npm pack us-atlas@3.0.1 topojson-client@3.1.0 &&
//   for f in *.tgz; do mkdir -p "${f%.tgz}" && tar xzf "$f" -C "${f%.tgz}"; done
// then run: node frontend/src/bank-detail/assets/build-us-states.mjs /tmp/geo
// Coordinates are rounded to 0.01 degree (about 1 km), which keeps the file near 220 KB.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const sourceDir = process.argv[2] ?? '/tmp/geo';
const { feature } = await import(pathToFileURL(join(sourceDir, 'topojson-client-3.1.0/package/dist/topojson-client.js')).href);
const topology = JSON.parse(readFileSync(join(sourceDir, 'us-atlas-3.0.1/package/states-10m.json'), 'utf8'));
const round = (value) => Math.round(value * 100) / 100;

/** Rounds a ring and drops the points rounding made identical; rings that collapse are dropped. */
function simplifyRing(points) {
  const kept = [];
  for (const [x, y] of points) {
    const point = [round(x), round(y)];
    const last = kept[kept.length - 1];
    if (!last || last[0] !== point[0] || last[1] !== point[1]) kept.push(point);
  }
  return kept.length >= 4 ? kept : null;
}

const features = feature(topology, topology.objects.states).features.map((state) => {
  const polygons = state.geometry.type === 'Polygon' ? [state.geometry.coordinates] : state.geometry.coordinates;
  const coordinates = polygons.map((polygon) => polygon.map(simplifyRing).filter(Boolean)).filter((polygon) => polygon.length > 0);
  return { type: 'Feature', properties: { name: state.properties.name }, geometry: { type: 'MultiPolygon', coordinates } };
});
const target = new URL('./us-states.geo.json', import.meta.url);
writeFileSync(target, JSON.stringify({ type: 'FeatureCollection', features }));
console.log(`Wrote ${features.length} states to ${target.pathname}`);
