import { useEffect, useState } from 'react';
import { Box } from '@mui/material';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import markerIcon from 'leaflet/dist/images/marker-icon.png';
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png';
import markerShadow from 'leaflet/dist/images/marker-shadow.png';
import { GeoJSON, MapContainer, Marker, TileLayer, Tooltip, useMap } from 'react-leaflet';
import type { FeatureCollection } from 'geojson';
import { formatMoney } from '../../../../domain/format.ts';
import { branchAddress, paddedBounds, type Branch } from '../lib/locations.ts';

/** The map opens on the continental US. */
export const MAP_CENTER: [number, number] = [39.8283, -98.5795];
export const MAP_ZOOM = 4;
export const MAP_HEIGHT = 450;

// Vite fingerprints the marker images: point Leaflet's default icon at the bundled files.
const markerIconDefault = L.icon({
  iconUrl: markerIcon,
  iconRetinaUrl: markerIcon2x,
  shadowUrl: markerShadow,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  tooltipAnchor: [12, -28],
  shadowSize: [41, 41],
});

/** Fits the markers with 10% padding, and follows the container's size. */
function FitToMarkers({ branches }: { branches: Array<{ latitude: number; longitude: number }> }) {
  const map = useMap();
  useEffect(() => {
    const bounds = paddedBounds(branches);
    // No animation: leaving the map view mid-zoom would otherwise crash Leaflet's animation step.
    if (bounds) map.fitBounds(bounds, { maxZoom: 12, animate: false });
  }, [map, branches]);
  useEffect(() => {
    const container = map.getContainer();
    const observer = new ResizeObserver(() => map.invalidateSize({ animate: false }));
    observer.observe(container);
    return () => observer.disconnect();
  }, [map]);
  return null;
}

/** The US states outline ships with the app (loaded only with the map), so the map reads without tiles. */
function StatesOutline({ filled }: { filled: boolean }) {
  const [outline, setOutline] = useState<FeatureCollection | null>(null);
  useEffect(() => {
    let current = true;
    import('../assets/us-states.geo.json').then((module) => current && setOutline(module.default as unknown as FeatureCollection));
    return () => {
      current = false;
    };
  }, []);
  if (!outline) return null;
  return (
    <GeoJSON
      key={filled ? 'filled' : 'outline'}
      data={outline}
      interactive={false}
      style={{ color: '#64748b', weight: 1, fillColor: '#e2e8f0', fillOpacity: filled ? 0.9 : 0 }}
    />
  );
}

/** One marker per geocoded branch with a tooltip of name, address and deposits. */
export default function BranchMap({ branches }: { branches: Array<Branch & { latitude: number; longitude: number }> }) {
  const [tilesFailed, setTilesFailed] = useState(false);
  return (
    <Box
      sx={{
        height: MAP_HEIGHT,
        width: '100%',
        borderRadius: 1,
        overflow: 'hidden',
        '& .leaflet-container': { bgcolor: tilesFailed ? '#bfdbfe' : undefined },
        // Leaflet's attribution links differ from their text by colour alone, too faint a difference to see.
        '& .leaflet-control-attribution a': { textDecoration: 'underline' },
      }}
      data-testid="branch-map"
    >
      <MapContainer center={MAP_CENTER} zoom={MAP_ZOOM} style={{ height: '100%', width: '100%' }} scrollWheelZoom={false} zoomAnimation={false} markerZoomAnimation={false}>
        <TileLayer
          attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors; state outlines: US Census Bureau'
          url="https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png"
          eventHandlers={{ tileerror: () => setTilesFailed(true) }}
        />
        <StatesOutline filled={tilesFailed} />
        {branches.map((branch) => (
          <Marker key={branch.id} position={[branch.latitude, branch.longitude]} icon={markerIconDefault}>
            <Tooltip>
              <strong>{branch.name}</strong>
              <br />
              {branchAddress(branch)}
              <br />
              Deposits: {formatMoney(branch.deposits === null ? null : branch.deposits * 1000)}
            </Tooltip>
          </Marker>
        ))}
        <FitToMarkers branches={branches} />
      </MapContainer>
    </Box>
  );
}
