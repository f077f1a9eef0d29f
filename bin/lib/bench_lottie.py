"""Lottie figures for bin/bench: every file of a folder of Lottie files rendered in full at
1920x1080 (fitted: the scale that fits the composition in it), one thread, CPU ms per frame
(Reel: evaluate + plan + draw, from `reel profile`; ThorVG and rlottie: their render calls,
through their Python bindings, installed here for the bench only), and Lottie to MP4 end to
end against rlottie's frames piped into ffmpeg with the same encoder settings. The wide set
(`wide_figures`: files nobody developed against) gives the same three medians over every
file's first 300 frames, files that one of the three cannot draw counted apart."""
import gzip
import io
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time
import zipfile

RENDER = ("evaluate", "plan", "draw")
END_TO_END = ("lf_x_pop", "tvg_frog_vr", "dl_star_rating")


def players():
    """ThorVG's and rlottie's Python bindings, installed with pip when missing."""
    try:
        import rlottie_python  # noqa: F401
        import thorvg_python  # noqa: F401
    except ImportError:
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "thorvg-python", "rlottie-python"], check=True)
    import rlottie_python
    import thorvg_python
    return thorvg_python, rlottie_python


def lottie_json(path):
    """The animation JSON of a .json, .tgs or .lottie file."""
    data = open(path, "rb").read()
    if data[:2] == b"\x1f\x8b":
        return gzip.decompress(data)
    if data[:4] == b"PK\x03\x04":
        z = zipfile.ZipFile(io.BytesIO(data))
        manifest = json.loads(z.read("manifest.json"))
        first = manifest["animations"][0]["id"]
        for name in (f"animations/{first}.json", f"a/{first}.json"):
            if name in z.namelist():
                return z.read(name)
    return data


def fitted(w, h):
    scale = min(1920 / w, 1080 / h)
    return scale, max(1, round(w * scale)), max(1, round(h * scale))


def thorvg_ms(tvg, json_path, width, height, frames):
    engine = tvg.Engine(threads=0)
    animation = tvg.LottieAnimation(engine)
    picture = animation.get_picture()
    picture.load(json_path)
    picture.set_size(width, height)
    canvas = tvg.SwCanvas(engine)
    canvas.set_target(width, height)
    canvas.add(picture)
    start = time.process_time()
    for f in range(frames):
        animation.set_frame(float(f))
        canvas.update()
        canvas.draw(True)
        canvas.sync()
    return 1000 * (time.process_time() - start) / frames


def rlottie_ms(rl, json_path, width, height, frames):
    animation = rl.LottieAnimation.from_file(json_path)
    start = time.process_time()
    for f in range(frames):
        animation.lottie_animation_render(frame_num=f, width=width, height=height)
    return 1000 * (time.process_time() - start) / frames


def reel_profile(reel, path, scale, first=None):
    """Reel's render CPU ms per frame and its frame count (the first `first` frames when given)."""
    with tempfile.NamedTemporaryFile(suffix=".json") as out:
        limit = ["--frames", f"0..<{first}"] if first else []
        subprocess.run([reel, "profile", path, "--threads", "1", "--scale", repr(scale), "--json", out.name] + limit,
                       check=True, capture_output=True, timeout=600)
        result = json.load(open(out.name))
    return sum(result["stages"][s]["mean_cpu_ms"] for s in RENDER), result["frames"]


def rlottie_pipe_fps(rl, json_path, width, height, frames, fps, out):
    """rlottie's frames (BGRA) piped into ffmpeg, libx264 veryfast CRF 20: frames a second."""
    start = time.time()
    encoder = subprocess.Popen(
        ["ffmpeg", "-v", "error", "-f", "rawvideo", "-pix_fmt", "bgra", "-s", f"{width}x{height}", "-r", str(fps), "-i", "-",
         "-c:v", "libx264", "-preset", "veryfast", "-crf", "20", "-pix_fmt", "yuv420p", "-y", out], stdin=subprocess.PIPE)
    animation = rl.LottieAnimation.from_file(json_path)
    for f in range(frames):
        encoder.stdin.write(animation.lottie_animation_render(frame_num=f, width=width, height=height))
    encoder.stdin.close()
    encoder.wait()
    return frames / (time.time() - start)


def figures(reel, folder, work):
    """Per-file rows and the summary figures."""
    tvg, rl = players()
    rows = []
    e2e = {"reel_frames": 0, "reel_seconds": 0.0, "pipe_frames": 0, "pipe_seconds": 0.0}
    for name in sorted(os.listdir(folder)):
        if not name.endswith((".json", ".lottie", ".tgs")):
            continue
        path = os.path.join(folder, name)
        stem = name.rsplit(".", 1)[0]
        raw = lottie_json(path)
        doc = json.loads(raw)
        json_path = os.path.join(work, stem + ".json")
        open(json_path, "wb").write(raw)
        scale, width, height = fitted(doc["w"], doc["h"])
        reel_ms, frames = reel_profile(reel, path, scale)
        row = {"file": stem, "size": f"{width}x{height}", "frames": frames, "reel": reel_ms,
               "thorvg": thorvg_ms(tvg, json_path, width, height, frames),
               "rlottie": rlottie_ms(rl, json_path, width, height, frames)}
        rows.append(row)
        if stem in END_TO_END:
            start = time.time()
            subprocess.run([reel, "render", path, "--scale", repr(scale), "--background", "#000000", "-o", os.path.join(work, stem + ".mp4"),
                            "--preset", "veryfast", "--crf", "20", "--quiet"], check=True)
            e2e["reel_seconds"] += time.time() - start
            e2e["reel_frames"] += frames
            # The pipe's frames have the size the video has (even, as H.264 needs).
            fps = rlottie_pipe_fps(rl, json_path, width + width % 2, height + height % 2, frames, doc["fr"],
                                   os.path.join(work, stem + "-rlottie.mp4"))
            e2e["pipe_seconds"] += frames / fps
            e2e["pipe_frames"] += frames
        os.unlink(json_path)
    summary = {
        "lottie_reel_median_cpu_ms_per_frame": statistics.median(r["reel"] for r in rows),
        "lottie_thorvg_median_cpu_ms_per_frame": statistics.median(r["thorvg"] for r in rows),
        "lottie_rlottie_median_cpu_ms_per_frame": statistics.median(r["rlottie"] for r in rows),
        "lottie_reel_fps_end_to_end": e2e["reel_frames"] / e2e["reel_seconds"],
        "lottie_rlottie_pipe_fps_end_to_end": e2e["pipe_frames"] / e2e["pipe_seconds"],
    }
    summary["lottie_reel_over_thorvg_median"] = (summary["lottie_reel_median_cpu_ms_per_frame"]
                                                 / summary["lottie_thorvg_median_cpu_ms_per_frame"])
    summary["lottie_end_to_end_ratio"] = summary["lottie_reel_fps_end_to_end"] / summary["lottie_rlottie_pipe_fps_end_to_end"]
    return rows, summary


def wide_figures(reel, folder, work, every=1, first=300):
    """Median CPU ms per frame of Reel, ThorVG and rlottie over every `every`-th file of
    `folder` (the wide set's corpus), each file's first `first` frames at 1080p fitted."""
    tvg, rl = players()
    rows, skipped = [], []
    names = sorted(n for n in os.listdir(folder) if n.endswith((".json", ".lottie")))[::every]
    for name in names:
        path = os.path.join(folder, name)
        stem = name.rsplit(".", 1)[0]
        try:
            raw = lottie_json(path)
            doc = json.loads(raw)
            # Beside the file, so the players find its images where it names them.
            json_path = os.path.join(os.path.dirname(path), f".bench-{stem}.json") if name.endswith(".json") else \
                os.path.join(work, stem + ".json")
            open(json_path, "wb").write(raw)
            try:
                scale, width, height = fitted(doc["w"], doc["h"])
                # Every frame of a shorter file (its frame count as Reel makes it: op - ip rounded up,
                # an out point within a thousandth of a whole frame taken as that frame).
                count = max(1, math.ceil(doc["op"] - doc["ip"] - 1e-3))
                reel_ms, frames = reel_profile(reel, path, scale, min(first, count))
                rows.append({"file": stem, "size": f"{width}x{height}", "frames": frames, "reel": reel_ms,
                             "thorvg": thorvg_ms(tvg, json_path, width, height, frames),
                             "rlottie": rlottie_ms(rl, json_path, width, height, frames)})
            finally:
                os.unlink(json_path)
        except Exception as error:  # a file one of the three cannot draw is counted, not measured
            skipped.append((stem, str(error).splitlines()[0][:80] if str(error) else type(error).__name__))
    summary = {
        "lottie_wide_files": len(rows),
        "lottie_wide_skipped": len(skipped),
        "lottie_wide_reel_median_cpu_ms_per_frame": statistics.median(r["reel"] for r in rows),
        "lottie_wide_thorvg_median_cpu_ms_per_frame": statistics.median(r["thorvg"] for r in rows),
        "lottie_wide_rlottie_median_cpu_ms_per_frame": statistics.median(r["rlottie"] for r in rows),
    }
    summary["lottie_wide_reel_over_thorvg_median"] = statistics.median(r["reel"] / r["thorvg"] for r in rows if r["thorvg"] > 0)
    return rows, skipped, summary


def print_rows(rows):
    print("Lottie files at 1920x1080 (fitted), 1 thread, CPU ms per frame:")
    print(f"  {'file':28} {'size':>10} {'frames':>6} {'reel':>8} {'thorvg':>8} {'rlottie':>8}")
    for r in rows:
        print(f"  {r['file']:28} {r['size']:>10} {r['frames']:>6} {r['reel']:8.2f} {r['thorvg']:8.2f} {r['rlottie']:8.2f}")


if __name__ == "__main__":
    # python3 bin/lib/bench_lottie.py REEL FOLDER: the Lottie figures alone; with --wide [EVERY],
    # the wide set's medians over every EVERY-th file's first 300 frames.
    work = tempfile.mkdtemp(prefix="reel-bench-lottie-")
    if len(sys.argv) > 3 and sys.argv[3] == "--wide":
        rows, skipped, summary = wide_figures(sys.argv[1], sys.argv[2], work, int(sys.argv[4]) if len(sys.argv) > 4 else 1)
        for stem, why in skipped:
            print(f"  skipped {stem}: {why}")
    else:
        rows, summary = figures(sys.argv[1], sys.argv[2], work)
    print_rows(rows)
    for key, value in summary.items():
        print(f"  {key}: {value:.2f}")
    for name in os.listdir(work):
        os.unlink(os.path.join(work, name))
    os.rmdir(work)
