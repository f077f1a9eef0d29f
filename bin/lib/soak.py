"""Renders a long timeline and samples resident memory: see bin/soak."""
import json
import os
import subprocess
import sys
import tempfile
import time

exe, source, frames = sys.argv[1], sys.argv[2], int(sys.argv[3])
warmup = 500
timeline = json.load(open(source))
fps = timeline["canvas"]["fps"]
timeline["canvas"]["scale"] = 1 / 3                       # 1920x1080 -> 640x360
timeline["canvas"]["duration"] = frames / fps
work = tempfile.mkdtemp(prefix="reel-soak-")
path, out = os.path.join(work, "soak.json"), os.path.join(work, "soak.mp4")
# Assets are resolved next to the timeline: point them at the original folder, which the
# render names as its assets root.
for asset in timeline.get("assets", {}).values():
    asset["path"] = os.path.join(os.path.dirname(os.path.abspath(source)), asset["path"])
json.dump(timeline, open(path, "w"))


def rss_kb(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


start = time.monotonic()
process = subprocess.Popen([exe, "render", path, "-o", out, "--preset", "ultrafast", "--quiet",
                            "--assets-root", os.path.dirname(os.path.abspath(source))])
samples = []
while process.poll() is None:
    try:
        samples.append((time.monotonic() - start, rss_kb(process.pid)))
    except (FileNotFoundError, ProcessLookupError):
        break
    time.sleep(0.2)
elapsed = time.monotonic() - start
if os.path.exists(out):
    os.remove(out)
os.remove(path)
os.rmdir(work)
if process.returncode != 0 or not samples:
    sys.exit(f"soak: render failed (exit {process.returncode})")
# Frames come out at a steady rate, so frame 500 is reached at about 500 / frames of the time.
settled_at = elapsed * warmup / frames
settled = [kb for t, kb in samples if t >= settled_at]
base = settled[0]
peak = max(settled)
growth = (peak - base) / base * 100
print(f"soak: {frames} frames at 640x360 in {elapsed:.1f} s ({frames / elapsed:.0f} fps), {len(samples)} memory samples")
print(f"resident memory after {warmup} frames: {base / 1024:.1f} MB; highest after: {peak / 1024:.1f} MB; "
      f"at the end: {samples[-1][1] / 1024:.1f} MB; growth {growth:.1f} % (limit 5 %)")
sys.exit(0 if growth < 5 else 1)
