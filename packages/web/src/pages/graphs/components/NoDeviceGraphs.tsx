import { Button, Empty } from 'antd';
import { Link } from 'react-router';
import { PATHS } from '../../../routes/paths';
import styles from '../graphs.module.css';

/** No current device: the warning shows (and clears after 5 s); the way to choose one stays. */
export function NoDeviceGraphs() {
  return (
    <div className={styles.empty}>
      <Empty description="Choose a device to see its graphs." data-testid="graphs-no-device">
        <Link to={PATHS.devices}>
          <Button type="primary">Go to Devices</Button>
        </Link>
      </Empty>
    </div>
  );
}
