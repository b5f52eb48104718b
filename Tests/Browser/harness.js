/**
 * Browser side of the convergence harness: the steps the Python tests drive through WebDriver.
 * Loaded as a module next to parley.js.
 */
import { applyBatch } from '../../Sources/ParleyAssets/Public/parley.js';
import { canonical, parsedTranscript } from './canonical.js';

export { canonical, parsedTranscript };

/**
 * Applies `batches` to the live `#transcript` one by one and serializes it and the final page's.
 * @returns {{applied: boolean[], live: string, expected: string, version: string|null, expectedVersion: string|null,
 *   violations: string[]}} `live` and `expected` are equal strings when the two agree
 */
export function converge(batches, finalHTML) {
  const container = document.getElementById('transcript');
  if (!container.hasAttribute('data-version') && batches.length) container.setAttribute('data-version', String(batches[0].base));
  const applied = batches.map((batch) => applyBatch(container, batch));
  const expected = parsedTranscript(finalHTML);
  const transient = batches.flatMap((batch) => batch.ops.filter((op) => op[0] === 'f').map((op) => op[2]));
  const skip = ['data-version'];
  const live = canonical(container, { transient, skip });
  const wanted = canonical(expected, { transient, skip });
  return {
    applied,
    live: live === wanted ? '' : live,
    expected: live === wanted ? '' : wanted,
    version: container.getAttribute('data-version'),
    expectedVersion: expected.getAttribute('data-version'),
    violations: window.violations ?? [],
  };
}
