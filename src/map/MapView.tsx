// Placeholder until the map engine lands (issue 3): replaced by the Konva stage.
export function MapView() {
  return <div role="img" aria-label="Plan de la ligne" className="map-placeholder" />;
}
