import { DEVICE_TYPE_LABELS, DEVICE_TYPES } from '@vigil/contracts';
import { Flex } from 'antd';
import { CATALOGUE_SECTION_ID } from '../features';

/** The product catalogue that 'VIEW ALL' points to: the device families Vigil reads. */
export function CatalogueSection() {
  return (
    <section id={CATALOGUE_SECTION_ID} className="landing-section landing-section-dark">
      <div className="landing-container landing-section-body">
        <h2 className="landing-title landing-dark-title">Product catalogue</h2>
        <p className="landing-text landing-dark-text">
          Vigil reads these hazard monitoring device families. Each carries its own mix of temperature, belt
          alignment, belt speed and gas sensors; your supplier can tell you which sensors your units hold and
          which unit suits a new elevator or conveyor.
        </p>
        <Flex wrap gap={12} component="ul" className="catalogue-list">
          {DEVICE_TYPES.map((type) => (
            <li key={type} className="catalogue-item">
              {DEVICE_TYPE_LABELS[type]}
            </li>
          ))}
        </Flex>
      </div>
    </section>
  );
}
