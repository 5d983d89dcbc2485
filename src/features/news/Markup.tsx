/** A news body rendered from its markup as React text (./markup): no HTML ever reaches the page. */
import { Fragment } from 'react';
import { type Block, parseMarkup, type Run } from './markup';

/** Server pages (the add-credit page) open as themselves; the rest are the app's hash routes. */
const href = (to: string) => (to.startsWith('/nx/') ? to : `#${to}`);

function Runs({ runs }: { runs: Run[] }) {
  return (
    <>
      {runs.map((run, i) => (
        <Fragment key={i}>
          {run.kind === 'bold' ? (
            <strong>{run.text}</strong>
          ) : run.kind === 'link' ? (
            <a href={href(run.to)}>{run.text}</a>
          ) : (
            run.text
          )}
        </Fragment>
      ))}
    </>
  );
}

function BlockView({ block }: { block: Block }) {
  if (block.kind === 'h') {
    return (
      <h2>
        <Runs runs={block.runs} />
      </h2>
    );
  }
  if (block.kind === 'ul') {
    return (
      <ul>
        {block.items.map((runs, i) => (
          <li key={i}>
            <Runs runs={runs} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <p>
      <Runs runs={block.runs} />
    </p>
  );
}

export function Markup({ body }: { body: string }) {
  return (
    <div className="news-body">
      {parseMarkup(body).map((block, i) => (
        <BlockView key={i} block={block} />
      ))}
    </div>
  );
}
