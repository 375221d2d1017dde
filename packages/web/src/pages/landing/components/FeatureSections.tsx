import { Typography } from 'antd';
import { FEATURES } from '../features';

/** One section per information block, the targets of the blocks' scrolling. */
export function FeatureSections() {
  return (
    <>
      {FEATURES.map((feature, index) => (
        <section
          key={feature.id}
          id={feature.id}
          className={`landing-section ${index % 2 === 0 ? 'landing-section-plain' : 'landing-section-tinted'}`}
        >
          <div className="landing-container landing-section-body">
            <Typography.Text className="landing-eyebrow">
              {String(index + 1).padStart(2, '0')} / {String(FEATURES.length).padStart(2, '0')}
            </Typography.Text>
            <Typography.Title level={2}>{feature.title}</Typography.Title>
            {feature.paragraphs.map((paragraph) => (
              <Typography.Paragraph key={paragraph.slice(0, 32)} className="landing-section-text">
                {paragraph}
              </Typography.Paragraph>
            ))}
          </div>
        </section>
      ))}
    </>
  );
}
