"""Shared fixtures: one Chromium for the session, and the sequences to converge.

Every run converges the named cases in fixtures/, the sequences in PARLEY_SEQUENCES when it is
set (a folder written by the Swift generator, `swift run ParleyConvergenceFixtures OUT --seed S
--count N`), and PARLEY_MODEL_SEQUENCES sequences from sequences.py (default 30 next to the
Swift ones, 200 alone; they add the operations the Swift generator does not emit: t, A, M, f,
reset), seeded with PARLEY_SEED (random when unset).
"""

import atexit
import os
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

import browser

SEED = int(os.environ.get('PARLEY_SEED') or random.randrange(1_000_000))
SWIFT_SEQUENCES = Path(os.environ['PARLEY_SEQUENCES']) if os.environ.get('PARLEY_SEQUENCES') else None
MODEL_COUNT = int(os.environ.get('PARLEY_MODEL_SEQUENCES') or (30 if SWIFT_SEQUENCES else 200))


def model_sequences():
    out = Path(tempfile.mkdtemp(prefix='parley-model-sequences-'))
    atexit.register(shutil.rmtree, out, ignore_errors=True)
    subprocess.run([sys.executable, str(browser.HERE / 'sequences.py'), str(out), '--seed', str(SEED),
                    '--count', str(MODEL_COUNT)], check=True)
    return out


MODEL_SEQUENCES = model_sequences()


def pytest_report_header(config):
    swift = f'{SWIFT_SEQUENCES} and ' if SWIFT_SEQUENCES else ''
    return f'parley convergence sequences: {swift}{MODEL_COUNT} from sequences.py (PARLEY_SEED={SEED})'


def pytest_generate_tests(metafunc):
    if 'sequence' in metafunc.fixturenames:
        roots = {'named': browser.FIXTURES, 'model': MODEL_SEQUENCES, 'swift': SWIFT_SEQUENCES}
        cases = [(f'{label}/{path.parent.name}', path.parent) for label, root in roots.items() if root
                 for path in sorted(root.glob('*/batches.jsonl'))]
        metafunc.parametrize('sequence', [folder for _, folder in cases], ids=[name for name, _ in cases])


@pytest.fixture(scope='session')
def driver():
    chromium = browser.start()
    yield chromium
    chromium.quit()


@pytest.fixture(scope='session')
def strict_driver():
    """A Chromium without relaxed flags: archives from file:// load as a reader's browser loads them."""
    chromium = browser.start(relaxed=False)
    yield chromium
    chromium.quit()


@pytest.fixture(scope='module')
def workspace(request):
    """A temporary folder for a test module's archives, removed after the module."""
    folder = Path(tempfile.mkdtemp(prefix=f'parley-{request.module.__name__}-'))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)
