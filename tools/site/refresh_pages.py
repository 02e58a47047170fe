"""Write the class pages (tools/site/classpage.py) and the teacher pages (tools/site/teacher.py) again
into a built site, each with its Content-Security-Policy, and the offline step again (the service
worker's manifest), their stale compressed copies removed: to try a change to those pages without a
whole `make site` (the other pages' compressed copies are left as they were: the build makes them).
A running server must be started again: it lists the site's files when it starts.

    python tools/site/refresh_pages.py build/site
"""

from __future__ import annotations

import sys
from pathlib import Path

import classpage
import csp
import offline
import teacher

LANDING = Path(__file__).resolve().parents[2] / "lite_site" / "landing"


def refresh(site: Path) -> list[Path]:
    """The class and teacher pages written again, then the build's last steps (the policy, the offline
    step: the service worker's manifest names each file's sha256, so it must follow)."""
    written = [*classpage.build(LANDING, site), *teacher.build(site)]
    for path in written:
        for ext in (".gz", ".br"):
            path.with_name(path.name + ext).unlink(missing_ok=True)
    csp.add(site)
    offline.add_offline(site)
    csp.verify(site)
    return written


if __name__ == "__main__":
    for written in refresh(Path(sys.argv[1])):
        print(written)
