import { type F500Node, GRAPH_MESSAGES, type GraphArrangementInput } from '@vigil/contracts';
import { Button, Checkbox, Empty, Spin, Typography } from 'antd';
import { nodeCheckState, type PanelSelection } from '../graph-filters';
import styles from '../graphs.module.css';

type F500PanelProps = {
  nodes: readonly F500Node[];
  selection: PanelSelection;
  isLoading: boolean;
  isSaving: boolean;
  /** The tab the panel is used on (the arrangement's graph_type). */
  graphType: string;
  onChange: (input: GraphArrangementInput) => void;
};

/** M section 2 (F500, F500-UDF): the nodes and their sensors with checkboxes, and Clear All. */
export function F500Panel(props: F500PanelProps) {
  const { nodes, selection, isSaving, graphType, onChange } = props;
  const hasAny = [...selection.values()].some((sensors) => sensors.size > 0);
  const handleNode = (node: F500Node) => {
    const isAll = nodeCheckState(node, selection) === 'all';
    onChange({ action: isAll ? 'delete' : 'append', graph_type: graphType, node: node.number });
  };
  const handleSensor = (node: F500Node, sensor: F500Node['sensors'][number]) => {
    const isChosen = selection.get(node.number)?.has(String(sensor.id)) ?? false;
    onChange({
      action: isChosen ? 'delete' : 'append',
      graph_type: graphType,
      node: node.number,
      sensor: sensor.id,
    });
  };
  return (
    <aside className={styles.panel} aria-label="Nodes" data-testid="f500-panel">
      <div className={styles.panelHeader}>
        <Typography.Text strong>Nodes</Typography.Text>
        <Button
          size="small"
          disabled={!hasAny || isSaving}
          onClick={() => onChange({ action: 'clean', graph_type: graphType })}
          data-testid="f500-clear-all"
        >
          {GRAPH_MESSAGES.clearAll}
        </Button>
      </div>
      {props.isLoading ? (
        <Spin size="small" />
      ) : nodes.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No nodes reported yet" />
      ) : (
        nodes.map((node) => {
          const state = nodeCheckState(node, selection);
          return (
            <div key={node.number} className={styles.node} data-testid={`f500-node-${node.number}`}>
              <Checkbox
                checked={state === 'all'}
                indeterminate={state === 'some'}
                onChange={() => handleNode(node)}
              >
                Node {node.formated_number}
              </Checkbox>
              <div className={styles.nodeSensors}>
                {node.sensors.map((sensor) => (
                  <Checkbox
                    key={String(sensor.id)}
                    checked={selection.get(node.number)?.has(String(sensor.id)) ?? false}
                    onChange={() => handleSensor(node, sensor)}
                    data-testid={`f500-sensor-${node.number}-${sensor.id}`}
                  >
                    {sensor.name}
                  </Checkbox>
                ))}
              </div>
            </div>
          );
        })
      )}
    </aside>
  );
}
