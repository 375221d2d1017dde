import type { MachineTypeJson, Tab } from '@vigil/contracts';
import { useCallback, useState } from 'react';
import { anchorPosition, type Point, polylinePoints, viewTransform } from '../diagram/geometry';
import type { ReadingsStore } from '../diagram/readings-store';
import { DiagramMachine } from './DiagramMachine';
import type { Freshness } from './live-state';
import styles from './live-view.module.css';
import { PointOverlay } from './PointOverlay';
import type { PointActContext } from './SensorPanel';
import type { PointKey } from './SensorPoint';

type LiveDiagramProps = {
  tab: Tab;
  types: ReadonlyMap<number, MachineTypeJson>;
  store: ReadingsStore;
  freshness: Freshness;
  machinePath: (machineId: number) => string;
  act: PointActContext;
};

/**
 * The read-only diagram of a tab (M section 2 'Schema details'): shapes, labels, connection lines and machines,
 * scaled by zoom/100 and offset by offset_x/offset_y (viewTransform), scrollable when larger than the page. While
 * the socket is not live every state is greyed. A tree does not render it: each machine and point follows its own
 * sensors in the store (DiagramMachine, SensorPoint).
 */
export function LiveDiagram({ tab, types, store, freshness, machinePath, act }: LiveDiagramProps) {
  const view = viewTransform(tab);
  const [hovered, setHovered] = useState<PointKey | null>(null);
  const [opened, setOpened] = useState<PointKey | null>(null);
  // Stable, so a point whose view did not change skips its render (SensorPoint is memoised).
  const onHoverPoint = useCallback((point: PointKey | null) => setHovered(point), []);
  const onOpenPoint = useCallback((point: PointKey) => setOpened(point), []);
  const onClose = useCallback(() => setOpened(null), []);
  return (
    <div className={styles.scroller} data-testid="live-diagram" data-live={freshness.isLive}>
      <div className={styles.sizer} style={{ width: view.width, height: view.height }}>
        <div
          className={`${styles.canvas} ${freshness.isLive ? '' : styles.stale}`}
          style={{ width: tab.width, height: tab.height, transform: view.transform }}
        >
          <DiagramShapes tab={tab} />
          <DiagramConnectors tab={tab} types={types} />
          {tab.machines.map((machine) => (
            <DiagramMachine
              key={machine.id}
              machine={machine}
              type={types.get(machine.type_of_machine)}
              store={store}
              freshness={freshness}
              to={machinePath(machine.id)}
              onHoverPoint={onHoverPoint}
              onOpenPoint={onOpenPoint}
            />
          ))}
          <PointOverlay
            tab={tab}
            types={types}
            store={store}
            freshness={freshness}
            hovered={hovered}
            opened={opened}
            onClose={onClose}
            act={act}
          />
        </div>
      </div>
    </div>
  );
}

/** Shapes (circle, default, line, rectangle; rotated by rotateAngle) and labels (value at fontSize). */
function DiagramShapes({ tab }: { tab: Tab }) {
  return (
    <>
      {tab.shapes.map((shape, index) => (
        <div
          // Shapes have no id on the wire; their order is their identity within a tab.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={`shape-${index}`}
          className={styles.shape}
          data-testid={`live-shape-${shape.shape}`}
          style={{
            left: shape.offsetLeft,
            top: shape.offsetTop,
            width: shape.width,
            height: shape.height,
            transform: `rotate(${shape.rotateAngle}deg)`,
            borderRadius: shape.shape === 'circle' ? '50%' : shape.shape === 'default' ? 8 : 0,
            background: shape.shape === 'line' ? '#2f3b4c' : undefined,
            border: shape.shape === 'line' ? 'none' : undefined,
          }}
        />
      ))}
      {tab.text_elements.map((label, index) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: labels have no id on the wire either
          key={`label-${index}`}
          className={styles.label}
          style={{ left: label.offsetLeft, top: label.offsetTop, fontSize: label.fontSize }}
        >
          {label.value}
        </div>
      ))}
    </>
  );
}

/** Connection lines: start anchor → additional points → end anchor (an open line ends at its last point). */
function DiagramConnectors({ tab, types }: { tab: Tab; types: ReadonlyMap<number, MachineTypeJson> }) {
  const machines = new Map(tab.machines.map((machine) => [machine.id, machine]));
  const anchorOf = (machineId: number | null, anchorId: number | null): Point | null => {
    const machine = machineId === null ? undefined : machines.get(machineId);
    const type = machine === undefined ? undefined : types.get(machine.type_of_machine);
    if (machine === undefined || type === undefined || anchorId === null) {
      return null;
    }
    return anchorPosition(machine, type, anchorId);
  };
  const lines = tab.connectors.map((connector) => {
    const start = anchorOf(connector.start_machine, connector.start_anchor_point);
    const end = anchorOf(connector.end_machine, connector.end_anchor_point);
    const bends = connector.additional_points.map((point) => ({ x: point.x_coord, y: point.y_coord }));
    const points = [start, ...bends, end].filter((point): point is Point => point !== null);
    return { id: connector.id, points };
  });
  return (
    <svg className={styles.layer} width={tab.width} height={tab.height} aria-hidden="true">
      <title>Connection lines</title>
      {lines
        .filter((line) => line.points.length >= 2)
        .map((line) => (
          <polyline
            key={line.id}
            points={polylinePoints(line.points)}
            fill="none"
            stroke="#2f3b4c"
            strokeWidth={3}
            strokeLinejoin="round"
            data-testid="live-connector"
          />
        ))}
    </svg>
  );
}
