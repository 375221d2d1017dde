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
            <span className="landing-eyebrow">
              {String(index + 1).padStart(2, '0')} / {String(FEATURES.length).padStart(2, '0')}
            </span>
            <h2 className="landing-title">{feature.title}</h2>
            {feature.paragraphs.map((paragraph) => (
              <p key={paragraph.slice(0, 32)} className="landing-text landing-section-text">
                {paragraph}
              </p>
            ))}
          </div>
        </section>
      ))}
    </>
  );
}
