"""The figures of bin/bench, measured in one run on the same machine (see bin/bench).

Every speed figure is a ratio against a baseline measured in the same run, or a CPU time
per frame, because the machine is shared and its wall clock is noisy."""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

import bench_lottie

TARGETS = {
    "render_cpu_ms_per_frame_1_thread": ("<=", 4.0),
    "convert_cpu_ms_per_frame": ("<=", 2.0),
    "ratio_veryfast": (">=", 0.95),
    "ratio_ultrafast": (">=", 0.8),
    "extra_peak_memory_mb_veryfast": ("<=", 64.0),
    "shapes_render_cpu_ms_per_frame_1_thread": ("<=", 6.0),
    "text_render_cpu_ms_per_frame_1_thread": ("<=", 4.0),
    "ratio_overlay_veryfast": (">=", 0.9),
    "caption_burn_in_speedup_over_libass": (">=", 1.0),
    "batch_over_separate_runs": ("<=", 0.7),
    "batch_peak_memory_1000_over_100_rows": ("<=", 1.1),
    "changing_draw_cpu_ms_per_frame_1_thread": ("<=", 8.0),
    "ratio_changing_ultrafast": (">=", 0.6),
    "dots_render_cpu_us_per_layer_1_thread": ("<=", 1.5),
    "validate_100mb_seconds": ("<=", 5.0),
    "validate_100mb_peak_memory_mb": ("<=", 2048.0),
    "blend_multiply_draw_ratio": ("<=", 1.5),
    "particles_render_cpu_ms_per_frame_1_thread": ("<=", 4.0),
    "particles_frame_18000_over_frame_30": ("<=", 1.1),
    "lottie_reel_over_thorvg_median": ("<=", 1.0),
    "lottie_end_to_end_ratio": (">=", 1.6),
}

RENDER = ("evaluate", "plan", "draw")


def large_timeline(path):
    """A timeline of about 100 MB: 200000 dots, each with a 7-keyframe position animation and an opacity one."""
    import random
    rng = random.Random(1)
    with open(path, "w") as f:
        f.write('{"version": 1, "canvas": {"width": 1920, "height": 1080, "fps": 30, "duration": 10}, "layers": [')
        for i in range(200000):
            x, y = rng.uniform(0, 1900), rng.uniform(0, 1060)
            values = [[round(x + rng.uniform(-20, 20), 3), round(y + rng.uniform(-20, 20), 3)] for _ in range(7)]
            layer = {"id": f"dot{i}", "bounds": [0, 0, 8, 8], "position": [round(x, 3), round(y, 3)], "cornerRadius": 4,
                     "backgroundColor": "#3498DB", "opacity": 0.9,
                     "animations": [{"keyPath": "position", "values": values, "duration": 2.0, "repeatCount": "infinity",
                                     "timeOffset": round(i * 0.001, 3)},
                                    {"keyPath": "opacity", "fromValue": 0.2, "toValue": 1.0, "duration": 1.5,
                                     "autoreverses": True, "repeatCount": "infinity"}]}
            f.write(("," if i else "") + json.dumps(layer))
        f.write("]}")


def blend_scene(mode, path):
    """24 cards of 360x240 at 1920x1080 over a striped backdrop, each with a bar and group opacity
    0.9 (so each lands as one picture whatever its mode), sliding so that they overlap, all landing
    with `compositingFilter` `mode`: the same pixels through the same pictures, only the operator
    differs between the files."""
    layers = [{"id": f"stripe{k}", "frame": [0, 90 * k, 1920, 45], "backgroundColor": "#2E86C1"} for k in range(12)]
    for k in range(24):
        x, y = 60 + 300 * (k % 6), 60 + 240 * (k // 6)
        card = {"id": f"card{k}", "frame": [x, y, 360, 240], "cornerRadius": 24, "opacity": 0.9,
                "backgroundColor": ["#E74C3C", "#F1C40F", "#1ABC9C", "#9B59B6"][k % 4],
                "sublayers": [{"id": "bar", "frame": [20, 100, 320, 40], "cornerRadius": 8, "backgroundColor": "#ECF0F1"}],
                "animations": [{"keyPath": "position.x", "values": [x + 180, x + 260, x + 180], "duration": 2,
                                "repeatCount": "infinity"}]}
        if mode != "normal":
            card["compositingFilter"] = mode
        layers.append(card)
    json.dump({"version": 1, "canvas": {"width": 1920, "height": 1080, "fps": 30, "duration": 2, "background": "#17181F"},
               "layers": layers}, open(path, "w"))


def encoder_alone(raw, width, height, frames, preset, out):
    """libx264 alone on raw yuv420p frames Reel wrote: frames per second of wall clock, CPU ms a frame, peak MB."""
    wall, cpu, peak, _ = timed(["ffmpeg", "-v", "error", "-f", "rawvideo", "-pix_fmt", "yuv420p", "-s", f"{width}x{height}",
                                "-r", "30", "-i", raw, "-c:v", "libx264", "-preset", preset, "-crf", "20",
                                "-pix_fmt", "yuv420p", "-y", out])
    return frames / wall, 1000 * cpu / frames, peak


def timed(command):
    """Runs a command under /usr/bin/time -v: wall seconds, CPU seconds, peak RSS in MB."""
    result = subprocess.run(["/usr/bin/time", "-v"] + command, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"bench: {' '.join(command)} failed:\n{result.stdout}\n{result.stderr}")
    def field(name):
        return re.search(rf"{re.escape(name)}: (.+)", result.stderr).group(1).strip()
    clock = field("Elapsed (wall clock) time (h:mm:ss or m:ss)").split(":")
    wall = sum(float(part) * 60 ** i for i, part in enumerate(reversed(clock)))
    cpu = float(field("User time (seconds)")) + float(field("System time (seconds)"))
    return wall, cpu, int(field("Maximum resident set size (kbytes)")) / 1024, result.stdout


def profile(reel, timeline, threads, extra=()):
    with tempfile.NamedTemporaryFile(suffix=".json") as out:
        subprocess.run([reel, "profile", timeline, "--threads", str(threads), "--json", out.name, *extra],
                       check=True, capture_output=True)
        return json.load(open(out.name))


def caption_srt(path, cues, seconds):
    """`cues` two-line SRT cues spread evenly over `seconds`, each shown for 80 % of its slot."""
    def stamp(t):
        ms = int(round(t * 1000))
        return f"{ms // 3600000:02d}:{ms // 60000 % 60:02d}:{ms // 1000 % 60:02d},{ms % 1000:03d}"
    slot = seconds / cues
    with open(path, "w") as f:
        for i in range(cues):
            start = i * slot + 0.1 * slot
            f.write(f"{i + 1}\n{stamp(start)} --> {stamp(start + 0.8 * slot)}\n"
                    f"Caption {i + 1}: words spoken over the footage,\nburned in as subtitles are\n\n")


def caption_burn_in(reel, work):
    """Captions burned into a 1080p30 60-second H.264 clip (a BT.709-tagged test pattern with
    sound, made here) with 20 SRT cues: `reel render --video --captions` against ffmpeg's
    `subtitles` filter (libass) with the same clip, cues and x264 settings, sound copied by
    both; wall times of the two in the same run."""
    clip = os.path.join(work, "footage60.mp4")
    subprocess.run(["ffmpeg", "-v", "error", "-f", "lavfi", "-i", "testsrc2=size=1920x1080:rate=30", "-f", "lavfi", "-i",
                    "sine=frequency=330", "-t", "60", "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p",
                    "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", "-color_range", "tv",
                    "-c:a", "aac", "-y", clip], check=True)
    subs = os.path.join(work, "cues20.srt")
    caption_srt(subs, 20, 60)
    libass, _, _, _ = timed(["ffmpeg", "-v", "error", "-i", clip, "-vf", f"subtitles={subs}", "-c:v", "libx264",
                             "-preset", "veryfast", "-crf", "20", "-pix_fmt", "yuv420p", "-c:a", "copy", "-y",
                             os.path.join(work, "libass.mp4")])
    ours, _, _, _ = timed([reel, "render", "--video", clip, "--captions", subs, "-o", os.path.join(work, "burned.mp4"),
                           "--preset", "veryfast", "--crf", "20", "--quiet"])
    return {"caption_burn_in_libass_seconds": libass, "caption_burn_in_reel_seconds": ours,
            "caption_burn_in_speedup_over_libass": libass / ours}


def batch_rows(path, count, photos=None):
    """`count` rows for Timelines/greeting.json: names, its ten photos in turn, accents."""
    with open(path, "w") as f:
        f.write("name,photo,accent\n")
        for i in range(count):
            photo = f"assets/greeting/photo{i % 10 + 1}.jpg"
            if photos:
                photo = os.path.join(photos, photo)
            f.write(f"row{i + 1:04d},{photo},#{(i * 2654435761) % 0xFFFFFF:06X}\n")


def batch(reel, work):
    """100 variants of the 5-second 1280x720 greeting (a photo, two text layers) rendered by one
    `--data` run, against 100 separate `reel render --set` runs of the same rows, in the same run;
    and the batch's peak memory over 100 and 1000 rows of a 0.2-second copy of the template."""
    folder = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Timelines")
    template = os.path.join(folder, "greeting.json")
    rows = os.path.join(work, "rows.csv")
    batch_rows(rows, 100)
    batch_wall, _, _, _ = timed([reel, "render", template, "--data", rows, "-o", os.path.join(work, "batch", "{name}.mp4"),
                                 "--preset", "veryfast", "--quiet"])
    separate = 0.0
    for i in range(100):
        wall, _, _, _ = timed([reel, "render", template, "--set", f"name=row{i + 1:04d}",
                               "--set", f"photo=assets/greeting/photo{i % 10 + 1}.jpg",
                               "--set", f"accent=#{(i * 2654435761) % 0xFFFFFF:06X}",
                               "-o", os.path.join(work, "separate.mp4"), "--preset", "veryfast", "--quiet"])
        separate += wall
    short = json.load(open(template))
    short["canvas"]["duration"] = 0.2
    short_template = os.path.join(work, "short.json")
    json.dump(short, open(short_template, "w"))
    peaks = []
    for count in (100, 1000):
        batch_rows(rows, count, photos=os.path.abspath(folder))
        _, _, peak, _ = timed([reel, "render", short_template, "--data", rows, "-o", os.path.join(work, f"short{count}", "{name}.mp4"),
                               "--preset", "ultrafast", "--quiet", "--assets-root", os.path.abspath(folder)])
        peaks.append(peak)
    return {"batch_seconds_100_rows": batch_wall, "separate_seconds_100_rows": separate,
            "batch_over_separate_runs": batch_wall / separate, "batch_peak_memory_mb_100_rows": peaks[0],
            "batch_peak_memory_mb_1000_rows": peaks[1], "batch_peak_memory_1000_over_100_rows": peaks[1] / peaks[0]}


def verdict(figures, key):
    """The figure against its target, in words; empty when it has none."""
    target = TARGETS.get(key)
    if not target:
        return ""
    op, limit = target
    met = figures[key] <= limit if op == "<=" else figures[key] >= limit
    return f"   target {op} {limit:g}: {'met' if met else 'MISSED'}"


def main():
    reel, timeline, args = sys.argv[1], sys.argv[2], sys.argv[3:]
    # A folder of Lottie files (REEL_LOTTIE_SET; the development set beside the repository here).
    lottie_set = os.environ.get("REEL_LOTTIE_SET") or os.path.join(os.path.dirname(os.path.abspath(timeline)), "..", "..", "..",
                                                                     "shared", "lottie", "corpus")
    lottie_rows = []
    wide_set = os.environ.get("REEL_LOTTIE_WIDE", "")
    json_path = None
    if args:
        if len(args) != 2 or args[0] != "--json":
            sys.exit("usage: bin/bench [--json FILE]")
        json_path = args[1]
    work = tempfile.mkdtemp(prefix="reel-bench-")
    raw = os.path.join(work, "frames.yuv")
    figures = {}
    try:
        # A timeline of about 100 MB (200000 animated layers): `reel validate`'s wall time and peak
        # memory, first, before the run's own raw frames (a gigabyte) fill the page cache.
        large = os.path.join(work, "large.json")
        large_timeline(large)
        wall, _, peak, _ = timed([reel, "validate", large])
        figures["validate_100mb_megabytes"] = os.path.getsize(large) / 1e6
        figures["validate_100mb_seconds"] = wall
        figures["validate_100mb_peak_memory_mb"] = peak
        os.unlink(large)
        one = profile(reel, timeline, 1, ["--raw-video", raw])
        frames, width, height = one["frames"], one["width"], one["height"]
        stages = one["stages"]
        figures["frames"] = frames
        figures["render_cpu_ms_per_frame_1_thread"] = sum(stages[s]["mean_cpu_ms"] for s in RENDER)
        figures["convert_cpu_ms_per_frame"] = stages["convert"]["mean_cpu_ms"]
        two = profile(reel, timeline, 2)
        figures["render_cpu_ms_per_frame_2_threads"] = sum(two["stages"][s]["mean_cpu_ms"] for s in RENDER)
        figures["render_convert_fps_2_threads"] = two["frames_per_second"]
        # The shapes scene (Timelines/bench/shapes.json): rings, dashes, gradients and a replicator.
        shapes = profile(reel, os.path.join(os.path.dirname(timeline), "shapes.json"), 1)["stages"]
        figures["shapes_render_cpu_ms_per_frame_1_thread"] = sum(shapes[s]["mean_cpu_ms"] for s in RENDER)
        # The text scene (Timelines/bench/text.json): 40 caption lines, 5 changing every second, 2 titles scaling.
        text = profile(reel, os.path.join(os.path.dirname(timeline), "text.json"), 1)["stages"]
        figures["text_render_cpu_ms_per_frame_1_thread"] = sum(text[s]["mean_cpu_ms"] for s in RENDER)
        # Cards that change (Timelines/bench/cards-changing.json): every card's size, corners and
        # blur animate, so no shadow can be kept; its draw, and end to end against the encoder alone.
        changing = os.path.join(os.path.dirname(timeline), "cards-changing.json")
        changing_raw = os.path.join(work, "changing.yuv")
        figures["changing_draw_cpu_ms_per_frame_1_thread"] = profile(
            reel, changing, 1, ["--raw-video", changing_raw])["stages"]["draw"]["mean_cpu_ms"]
        figures["encoder_fps_changing_ultrafast"], _, _ = encoder_alone(
            changing_raw, width, height, frames, "ultrafast", os.path.join(work, "encoder-changing.mp4"))
        wall, _, _, _ = timed([reel, "render", changing, "-o", os.path.join(work, "changing.mp4"), "--preset", "ultrafast",
                               "--crf", "20", "--quiet"])
        figures["reel_fps_changing_ultrafast"] = frames / wall
        figures["ratio_changing_ultrafast"] = figures["reel_fps_changing_ultrafast"] / figures["encoder_fps_changing_ultrafast"]
        os.unlink(changing_raw)
        # Blend modes beside source-over on the same scene (blend_scene): draw CPU per frame.
        for mode in ("normal", "multiply", "overlay", "hue", "destinationOut"):
            path = os.path.join(work, f"blend-{mode}.json")
            blend_scene(mode, path)
            figures[f"blend_{mode}_draw_cpu_ms_per_frame"] = profile(reel, path, 1)["stages"]["draw"]["mean_cpu_ms"]
        for mode in ("multiply", "overlay", "hue", "destinationOut"):
            figures[f"blend_{mode}_draw_ratio"] = (figures[f"blend_{mode}_draw_cpu_ms_per_frame"]
                                                   / figures["blend_normal_draw_cpu_ms_per_frame"])
        # Particles (Timelines/bench/particles.json): 10,000 alive from frame 30 on (8-pixel sprites,
        # tinted, turning), evaluate + plan + draw at 1 thread; and the same 30 frames 10 minutes in.
        particles = os.path.join(os.path.dirname(timeline), "particles.json")
        assets_root = os.path.dirname(os.path.dirname(os.path.abspath(timeline)))
        for first, key in ((30, "particles_render_cpu_ms_per_frame_1_thread"),
                           (18000, "particles_render_cpu_ms_per_frame_18000_1_thread")):
            stages = profile(reel, particles, 1, ["--frames", f"{first}..<{first + 30}", "--assets-root", assets_root])["stages"]
            figures[key] = sum(stages[s]["mean_cpu_ms"] for s in RENDER)
        figures["particles_frame_18000_over_frame_30"] = (figures["particles_render_cpu_ms_per_frame_18000_1_thread"]
                                                          / figures["particles_render_cpu_ms_per_frame_1_thread"])
        # Many small layers (Timelines/bench/dots.json): 5000 animated dots, per layer.
        dots = profile(reel, os.path.join(os.path.dirname(timeline), "dots.json"), 1)["stages"]
        figures["dots_render_cpu_us_per_layer_1_thread"] = sum(dots[s]["mean_cpu_ms"] for s in RENDER) * 1000 / 5000
        for preset in ("ultrafast", "veryfast"):
            out = os.path.join(work, f"encoder-{preset}.mp4")
            fps, cpu, peak = encoder_alone(raw, width, height, frames, preset, out)
            figures[f"encoder_fps_{preset}"] = fps
            figures[f"encoder_cpu_ms_per_frame_{preset}"] = cpu
            figures[f"encoder_peak_memory_mb_{preset}"] = peak
            out = os.path.join(work, f"reel-{preset}.mp4")
            wall, cpu, peak, _ = timed([reel, "render", timeline, "-o", out, "--preset", preset, "--crf", "20", "--quiet"])
            figures[f"reel_fps_{preset}"] = frames / wall
            figures[f"reel_cpu_ms_per_frame_{preset}"] = 1000 * cpu / frames
            figures[f"reel_peak_memory_mb_{preset}"] = peak
            figures[f"ratio_{preset}"] = figures[f"reel_fps_{preset}"] / figures[f"encoder_fps_{preset}"]
            figures[f"extra_peak_memory_mb_{preset}"] = peak - figures[f"encoder_peak_memory_mb_{preset}"]
        # Layers over footage: the cards scene over a 1080p30 H.264 clip of 300 frames (a test
        # pattern made here, tagged BT.709 as camera footage is), against ffmpeg decoding and
        # re-encoding the clip alone.
        clip = os.path.join(work, "clip.mp4")
        subprocess.run(["ffmpeg", "-v", "error", "-f", "lavfi", "-i", "testsrc2=size=1920x1080:rate=30", "-frames:v", "300",
                        "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-colorspace", "bt709",
                        "-color_primaries", "bt709", "-color_trc", "bt709", "-color_range", "tv", "-y", clip], check=True)
        wall, _, _, _ = timed(["ffmpeg", "-v", "error", "-i", clip, "-c:v", "libx264", "-preset", "veryfast", "-crf", "20",
                               "-pix_fmt", "yuv420p", "-y", os.path.join(work, "reencoded.mp4")])
        figures["encoder_fps_overlay_veryfast"] = 300 / wall
        wall, _, _, _ = timed([reel, "render", timeline, "--video", clip, "-o", os.path.join(work, "overlay.mp4"),
                               "--preset", "veryfast", "--crf", "20", "--quiet"])
        figures["reel_fps_overlay_veryfast"] = frames / wall
        figures["ratio_overlay_veryfast"] = figures["reel_fps_overlay_veryfast"] / figures["encoder_fps_overlay_veryfast"]
        figures.update(caption_burn_in(reel, work))
        figures.update(batch(reel, work))
        # Memory stays flat with length: the same scene over 1000 frames (it repeats forever).
        scene = json.load(open(timeline))
        scene["canvas"]["duration"] = 1000 / scene["canvas"]["fps"]
        for asset in scene.get("assets", {}).values():
            asset["path"] = os.path.join(os.path.dirname(os.path.abspath(timeline)), asset["path"])
        long_timeline = os.path.join(work, "cards-1000.json")
        json.dump(scene, open(long_timeline, "w"))
        # Its assets stay where they are: the copy names that folder as its assets root.
        assets_root = os.path.dirname(os.path.abspath(timeline))
        _, _, peak, _ = timed([reel, "render", long_timeline, "-o", os.path.join(work, "long.mp4"), "--preset", "ultrafast",
                               "--quiet", "--assets-root", assets_root])
        figures["reel_peak_memory_mb_1000_frames_ultrafast"] = peak
        if os.path.isdir(lottie_set):
            lottie_rows, lottie = bench_lottie.figures(reel, lottie_set, work)
            figures.update(lottie)
        # The wide set (REEL_LOTTIE_WIDE: its unpacked corpus; REEL_LOTTIE_WIDE_EVERY=N measures every N-th file).
        if os.path.isdir(wide_set):
            _, _, wide = bench_lottie.wide_figures(reel, wide_set, work, int(os.environ.get("REEL_LOTTIE_WIDE_EVERY", "1")))
            figures.update(wide)
    finally:
        shutil.rmtree(work)

    print(f"bench: {os.path.relpath(timeline)}, {frames} frames at {width}x{height}, {os.cpu_count()} cores")
    rows = [
        ("render CPU ms/frame, 1 thread (evaluate+plan+draw)", "render_cpu_ms_per_frame_1_thread"),
        ("render CPU ms/frame, 2 threads", "render_cpu_ms_per_frame_2_threads"),
        ("cards that change: draw CPU ms/frame, 1 thread", "changing_draw_cpu_ms_per_frame_1_thread"),
        ("cards that change: reel / encoder alone, ultrafast", "ratio_changing_ultrafast"),
        ("5000 dots: render CPU us/layer, 1 thread", "dots_render_cpu_us_per_layer_1_thread"),
        ("10,000 particles at 1080p: render CPU ms/frame, 1 thread", "particles_render_cpu_ms_per_frame_1_thread"),
        ("the same particles at frame 18,000: render CPU ms/frame", "particles_render_cpu_ms_per_frame_18000_1_thread"),
        ("particles: frame 18,000 / frame 30", "particles_frame_18000_over_frame_30"),
        ("validate a 100 MB timeline (200000 layers): seconds", "validate_100mb_seconds"),
        ("validate a 100 MB timeline: peak memory MB", "validate_100mb_peak_memory_mb"),
        ("shapes scene render CPU ms/frame, 1 thread", "shapes_render_cpu_ms_per_frame_1_thread"),
        ("24 cards landing source-over: draw CPU ms/frame, 1 thread", "blend_normal_draw_cpu_ms_per_frame"),
        ("the same cards landing multiply / source-over, draw", "blend_multiply_draw_ratio"),
        ("the same cards landing overlay / source-over, draw", "blend_overlay_draw_ratio"),
        ("the same cards landing hue / source-over, draw", "blend_hue_draw_ratio"),
        ("the same cards landing destinationOut / source-over, draw", "blend_destinationOut_draw_ratio"),
        ("text scene render CPU ms/frame, 1 thread", "text_render_cpu_ms_per_frame_1_thread"),
        ("overlay: cards over a 1080p clip / ffmpeg re-encoding it, veryfast", "ratio_overlay_veryfast"),
        ("captions on 60 s of 1080p30, 20 cues: ffmpeg+libass seconds", "caption_burn_in_libass_seconds"),
        ("captions on 60 s of 1080p30, 20 cues: reel seconds", "caption_burn_in_reel_seconds"),
        ("captions: reel speed / ffmpeg+libass (above 1: faster)", "caption_burn_in_speedup_over_libass"),
        ("batch: 100 greetings (5 s, 1280x720), one --data run, seconds", "batch_seconds_100_rows"),
        ("batch: the same 100 rows as separate reel runs, seconds", "separate_seconds_100_rows"),
        ("batch / separate runs (below 1: faster)", "batch_over_separate_runs"),
        ("batch peak memory MB, 100 rows", "batch_peak_memory_mb_100_rows"),
        ("batch peak memory MB, 1000 rows", "batch_peak_memory_mb_1000_rows"),
        ("batch peak memory, 1000 / 100 rows", "batch_peak_memory_1000_over_100_rows"),
        ("render+convert frames/s, 2 threads, no encoder", "render_convert_fps_2_threads"),
        ("convert CPU ms/frame (RGBA -> yuv420p BT.709)", "convert_cpu_ms_per_frame"),
    ]
    for preset in ("ultrafast", "veryfast"):
        rows += [
            (f"encoder alone frames/s, {preset} (ffmpeg, same frames)", f"encoder_fps_{preset}"),
            (f"reel render frames/s, {preset}", f"reel_fps_{preset}"),
            (f"reel / encoder alone, {preset}", f"ratio_{preset}"),
            (f"peak memory MB: encoder alone / reel, {preset}", None),
        ]
    for label, key in rows:
        if key is None:
            preset = label.rsplit(" ", 1)[1]
            value = f"{figures[f'encoder_peak_memory_mb_{preset}']:.0f} / {figures[f'reel_peak_memory_mb_{preset}']:.0f}"
            key = f"extra_peak_memory_mb_{preset}"
            value += f" (+{figures[key]:.0f})"
        else:
            value = f"{figures[key]:.2f}"
        print(f"  {label:<58} {value:>12}{verdict(figures, key)}")
    if lottie_rows:
        for label, key in [
            ("Lottie: reel median CPU ms/frame at 1080p, 1 thread", "lottie_reel_median_cpu_ms_per_frame"),
            ("Lottie: ThorVG median CPU ms/frame, same files and sizes", "lottie_thorvg_median_cpu_ms_per_frame"),
            ("Lottie: rlottie median CPU ms/frame, same files and sizes", "lottie_rlottie_median_cpu_ms_per_frame"),
            ("Lottie: reel / ThorVG, median CPU per frame", "lottie_reel_over_thorvg_median"),
            ("Lottie to MP4 (veryfast): reel frames/s", "lottie_reel_fps_end_to_end"),
            ("Lottie to MP4: rlottie piped into ffmpeg, frames/s", "lottie_rlottie_pipe_fps_end_to_end"),
            ("Lottie to MP4: reel / rlottie pipe", "lottie_end_to_end_ratio"),
        ]:
            print(f"  {label:<58} {figures[key]:>12.2f}{verdict(figures, key)}")
        bench_lottie.print_rows(lottie_rows)
    if "lottie_wide_files" in figures:
        print(f"  Lottie wide set: {figures['lottie_wide_files']} files measured, {figures['lottie_wide_skipped']} skipped "
              "(first 300 frames each, 1080p fitted, 1 thread)")
        for label, key in [
            ("Lottie wide: reel median CPU ms/frame", "lottie_wide_reel_median_cpu_ms_per_frame"),
            ("Lottie wide: ThorVG median CPU ms/frame", "lottie_wide_thorvg_median_cpu_ms_per_frame"),
            ("Lottie wide: rlottie median CPU ms/frame", "lottie_wide_rlottie_median_cpu_ms_per_frame"),
            ("Lottie wide: median of reel / ThorVG per file", "lottie_wide_reel_over_thorvg_median"),
        ]:
            print(f"  {label:<58} {figures[key]:>12.2f}")
    print(f"  {'peak memory MB, 300 / 1000 frames (ultrafast)':<58} "
          f"{figures['reel_peak_memory_mb_ultrafast']:.0f} / {figures['reel_peak_memory_mb_1000_frames_ultrafast']:.0f}")
    if json_path:
        with open(json_path, "w") as f:
            json.dump({"figures": figures, "targets": {k: {"op": op, "limit": v} for k, (op, v) in TARGETS.items()}}, f, indent=2,
                      sort_keys=True)


if __name__ == "__main__":
    main()
