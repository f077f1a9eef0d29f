#!/usr/bin/env python3
"""End-to-end test of `reel studio`: the real server and its page in headless Chromium.

    python3 Tests/Studio/studio_test.py --reel PATH_TO_REEL [--screenshot docs/studio.png]

Needs Chromium and its driver (Debian 12: `apt-get install -y chromium chromium-driver`) and
Selenium (`pip install -r Tests/Studio/requirements.txt`). It copies a timeline into a scratch
folder, serves it with `reel studio`, and checks with the page: a scrubbed frame against
`reel frame --scale` pixel by pixel, a click on the frame against `reel hit`, a live edit
(reload within 1 s), an invalid file (problems over the last good frame), scrub latency and
playback rate (reported, not enforced), and that the server refuses files outside the
timeline's folder, unknown routes and a second studio on the same port.
Exits non-zero when any check fails.
"""

import argparse
import base64
import http.client
import json
import os
import shutil
import signal
import socket
import statistics
import struct
import subprocess
import sys
import tempfile
import time
import traceback
import urllib.request
import zlib

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..'))
DEFAULT_TIMELINE = os.path.join(REPO, 'Timelines', 'bench', 'cards.json')
SERVER_START_TIMEOUT = 120
LIVE_RELOAD_LIMIT_S = 1.0
MAX_CHANNEL_DIFFERENCE = 2


class CheckFailed(Exception):
    pass


def check(condition, message):
    if not condition:
        raise CheckFailed(message)


def log(message):
    print(message, flush=True)


# ---------------------------------------------------------------- PNG (stdlib only)

def read_png(data):
    """Decodes an 8-bit, non-interlaced RGB/RGBA/grey PNG to (width, height, RGBA bytes)."""
    check(data[:8] == b'\x89PNG\r\n\x1a\n', 'not a PNG file')
    pos = 8
    idat = []
    width = height = depth = ctype = interlace = None
    palette = None
    while pos < len(data):
        (length,) = struct.unpack('>I', data[pos:pos + 4])
        kind = data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b'IHDR':
            width, height, depth, ctype, _, _, interlace = struct.unpack('>IIBBBBB', body)
        elif kind == b'PLTE':
            palette = body
        elif kind == b'IDAT':
            idat.append(body)
        elif kind == b'IEND':
            break
    check(depth == 8 and interlace == 0, f'PNG reader: only 8-bit non-interlaced images (depth {depth}, interlace {interlace})')
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}.get(ctype)
    check(channels is not None, f'PNG reader: colour type {ctype} unsupported')
    raw = zlib.decompress(b''.join(idat))
    stride = width * channels
    check(len(raw) >= height * (stride + 1), 'PNG: image data too short')
    out = bytearray(height * stride)
    prev = bytearray(stride)
    bpp = channels
    for y in range(height):
        start = y * (stride + 1)
        ftype = raw[start]
        line = bytearray(raw[start + 1:start + 1 + stride])
        if ftype == 0:
            pass
        elif ftype == 1:  # Sub
            for i in range(bpp, stride):
                line[i] = (line[i] + line[i - bpp]) & 0xFF
        elif ftype == 2:  # Up
            line = bytearray((a + b) & 0xFF for a, b in zip(line, prev))
        elif ftype == 3:  # Average
            for i in range(stride):
                left = line[i - bpp] if i >= bpp else 0
                line[i] = (line[i] + ((left + prev[i]) >> 1)) & 0xFF
        elif ftype == 4:  # Paeth
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0
                b = prev[i]
                c = prev[i - bpp] if i >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if (pa <= pb and pa <= pc) else (b if pb <= pc else c)
                line[i] = (line[i] + pred) & 0xFF
        else:
            raise CheckFailed(f'PNG: bad filter type {ftype}')
        out[y * stride:(y + 1) * stride] = line
        prev = line
    if ctype == 6:
        return width, height, bytes(out)
    rgba = bytearray(width * height * 4)
    if ctype == 2:
        rgba[0::4], rgba[1::4], rgba[2::4] = out[0::3], out[1::3], out[2::3]
        rgba[3::4] = b'\xff' * (width * height)
    elif ctype == 0:
        rgba[0::4] = rgba[1::4] = rgba[2::4] = out
        rgba[3::4] = b'\xff' * (width * height)
    elif ctype == 4:
        rgba[0::4] = rgba[1::4] = rgba[2::4] = out[0::2]
        rgba[3::4] = out[1::2]
    else:  # palette
        check(palette is not None, 'PNG: palette image without PLTE')
        for i, index in enumerate(out):
            rgba[i * 4:i * 4 + 3] = palette[index * 3:index * 3 + 3]
            rgba[i * 4 + 3] = 255
    return width, height, bytes(rgba)


def max_difference(a, b):
    """The largest channel difference between two equal-length RGBA byte strings, and how many bytes differ by more than the limit."""
    if a == b:
        return 0, 0
    worst = 0
    over = 0
    for x, y in zip(a, b):
        d = x - y if x > y else y - x
        if d > worst:
            worst = d
        if d > MAX_CHANNEL_DIFFERENCE:
            over += 1
    return worst, over


def write_png(path, width, height, rgba):
    """Writes RGBA bytes as a PNG (for a failure's evidence)."""
    rows = b''.join(b'\x00' + rgba[y * width * 4:(y + 1) * width * 4] for y in range(height))

    def chunk(kind, body):
        return struct.pack('>I', len(body)) + kind + body + struct.pack('>I', zlib.crc32(kind + body) & 0xFFFFFFFF)

    with open(path, 'wb') as f:
        f.write(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', width, height, 8, 6, 0, 0, 0))
                + chunk(b'IDAT', zlib.compress(rows, 6)) + chunk(b'IEND', b''))


# ---------------------------------------------------------------- the test

class StudioTest:
    def __init__(self, args):
        self.args = args
        self.reel = os.path.abspath(args.reel)
        self.scratch = tempfile.mkdtemp(prefix='reel-studio-test-')
        self.folder = os.path.join(self.scratch, 'timeline')
        self.timeline = os.path.join(self.folder, os.path.basename(args.timeline))
        self.server = None
        self.server_log = os.path.join(self.scratch, 'server.log')
        self.driver = None
        self.port = None
        self.failures = []
        self.info = None
        self.document = None  # the timeline's JSON as last written (valid)
        self.expected_id = None

    # -- helpers

    def reel_run(self, *arguments, timeout=120):
        return subprocess.run([self.reel, *arguments], capture_output=True, text=True, timeout=timeout)

    def url(self, path):
        return f'http://127.0.0.1:{self.port}{path}'

    def get_json(self, path):
        with urllib.request.urlopen(self.url(path), timeout=30) as r:
            return json.loads(r.read())

    def raw_get(self, path):
        """GET `path` exactly as given (no normalisation): (status, body)."""
        connection = http.client.HTTPConnection('127.0.0.1', self.port, timeout=30)
        try:
            connection.putrequest('GET', path, skip_host=False, skip_accept_encoding=True)
            connection.endheaders()
            response = connection.getresponse()
            return response.status, response.read()
        finally:
            connection.close()

    def js(self, body, *arguments):
        """Runs `body` (a function body, may return a promise) in the page; returns its value."""
        result = self.driver.execute_async_script(
            'const done = arguments[arguments.length - 1];'
            'Promise.resolve().then(() => { ' + body + ' })'
            '.then((v) => done({ok: v === undefined ? null : v}), (e) => done({error: String((e && e.stack) || e)}));',
            *arguments)
        if result is None:
            raise CheckFailed(f'page script returned nothing: {body}')
        if 'error' in result:
            raise CheckFailed(f'page script failed: {result["error"]}\n  script: {body}')
        return result['ok']

    def wait_for(self, what, condition, timeout, interval=0.02):
        deadline = time.monotonic() + timeout
        while True:
            value = condition()
            if value:
                return value
            if time.monotonic() > deadline:
                raise CheckFailed(f'timed out after {timeout:g} s waiting for {what}')
            time.sleep(interval)

    def write_timeline(self, document):
        """Saves the timeline as an editor does: a new file renamed over the old one."""
        temporary = self.timeline + '.saving'
        with open(temporary, 'w') as f:
            json.dump(document, f, indent=1)
        os.replace(temporary, self.timeline)

    def page_pixels(self):
        p = self.js('return reelStudio.framePixels();')
        return p['width'], p['height'], base64.b64decode(p['rgba'])

    def compare_with_reel_frame(self, label):
        """The frame on the page against `reel frame` at the page's time and scale."""
        state = self.js('return {time: reelStudio.state.time, scale: reelStudio.state.scale};')
        t, scale = state['time'], state['scale']
        check(isinstance(scale, (int, float)) and 0 < scale <= 1, f'{label}: reelStudio.state.scale is {scale!r}')
        out = os.path.join(self.scratch, f'{label}-reel.png')
        r = self.reel_run('frame', self.timeline, '--time', repr(float(t)), '--scale', repr(float(scale)), '-o', out)
        check(r.returncode == 0, f'{label}: reel frame --scale failed ({r.returncode}): {r.stderr.strip()}')
        with open(out, 'rb') as f:
            rw, rh, expected = read_png(f.read())
        pw, ph, shown = self.page_pixels()
        if (pw, ph) != (rw, rh):
            raise CheckFailed(f'{label}: the page shows a {pw}x{ph} frame, reel frame --scale {scale} drew {rw}x{rh}')
        worst, over = max_difference(shown, expected)
        if worst > MAX_CHANNEL_DIFFERENCE:
            evidence = os.path.join(self.scratch, f'{label}-page.png')
            write_png(evidence, pw, ph, shown)
            raise CheckFailed(f'{label}: page frame differs from reel frame at time {t} scale {scale}: max channel difference '
                              f'{worst} (> {MAX_CHANNEL_DIFFERENCE}) in {over} bytes; see {evidence} and {out}')
        return t, scale, worst, (pw, ph)

    # -- set-up

    def make_folder(self):
        source_folder = os.path.dirname(os.path.abspath(self.args.timeline))
        os.makedirs(self.folder)
        shutil.copy(self.args.timeline, self.timeline)
        assets = os.path.join(source_folder, 'assets')
        if os.path.isdir(assets):
            shutil.copytree(assets, os.path.join(self.folder, 'assets'))
        with open(self.timeline) as f:
            self.document = json.load(f)
        self.original = json.loads(json.dumps(self.document))
        with open(os.path.join(self.scratch, 'secret.txt'), 'w') as f:
            f.write('REEL-STUDIO-SECRET-OUTSIDE-THE-FOLDER\n')
        log(f'scratch folder {self.scratch}')

    @staticmethod
    def free_port():
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
            s.bind(('127.0.0.1', 0))
            return s.getsockname()[1]

    def server_output(self):
        try:
            with open(self.server_log, errors='replace') as f:
                return f.read()[-4000:]
        except OSError:
            return ''

    def start_server(self):
        self.port = self.free_port()
        with open(self.server_log, 'w') as out:
            self.server = subprocess.Popen([self.reel, 'studio', self.timeline, '--port', str(self.port)],
                                           stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
        started = time.monotonic()
        while True:
            if self.server.poll() is not None:
                raise CheckFailed(f'reel studio exited with {self.server.returncode} before answering:\n{self.server_output()}')
            try:
                self.info = self.get_json('/api/info')
                break
            except (OSError, ValueError):
                pass
            if time.monotonic() - started > SERVER_START_TIMEOUT:
                raise CheckFailed(f'reel studio did not answer /api/info within {SERVER_START_TIMEOUT} s:\n{self.server_output()}')
            time.sleep(0.2)
        log(f'reel studio on port {self.port} answered in {time.monotonic() - started:.1f} s: '
            f'{self.info.get("width")}x{self.info.get("height")} pt, {self.info.get("frameCount")} frames, version {self.info.get("version")}')
        for key in ('name', 'width', 'height', 'pixelWidth', 'pixelHeight', 'fps', 'duration', 'frameCount', 'version', 'problems'):
            check(key in self.info, f'/api/info lacks "{key}": {self.info}')
        check(self.info['problems'] == [], f'/api/info reports problems for a valid timeline: {self.info["problems"]}')

    def start_browser(self):
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service

        options = webdriver.ChromeOptions()
        for argument in ('--headless=new', '--window-size=1280,900', '--no-sandbox', '--disable-dev-shm-usage',
                         '--disable-gpu', '--force-device-scale-factor=1', '--hide-scrollbars', '--mute-audio',
                         '--no-first-run', '--no-default-browser-check'):
            options.add_argument(argument)
        options.binary_location = self.args.chromium
        options.set_capability('goog:loggingPrefs', {'browser': 'ALL'})
        self.driver = webdriver.Chrome(service=Service(executable_path=self.args.chromedriver), options=options)
        self.driver.set_script_timeout(60)
        # The page's viewport exactly 1280x900 (a headless window's size includes no browser frame, but be sure).
        self.driver.execute_cdp_cmd('Emulation.setDeviceMetricsOverride',
                                    {'width': 1280, 'height': 900, 'deviceScaleFactor': 1, 'mobile': False})
        started = time.monotonic()
        self.driver.get(self.url('/'))
        self.wait_for('the page to show its first frame (body[data-ready="1"])',
                      lambda: self.driver.execute_script('return document.body.dataset.ready') == '1', 60, 0.05)
        version = self.driver.execute_script('return document.body.dataset.version')
        check(version is not None and int(version) == self.info['version'],
              f'body[data-version] is {version!r}, /api/info says {self.info["version"]}')
        log(f'page ready in {time.monotonic() - started:.2f} s (Chromium {self.driver.capabilities.get("browserVersion")})')

    # -- checks

    def test_scrub(self):
        self.js('return reelStudio.seek(1.5);')
        t, scale, worst, size = self.compare_with_reel_frame('scrub')
        check(abs(t - 1.5) < 1e-9, f'after seek(1.5) reelStudio.state.time is {t}')
        stage_width = self.driver.execute_script("return document.getElementById('stage').getBoundingClientRect().width")
        expected_scale = min(1.0, max(0.05, round(stage_width / self.info['pixelWidth'], 2)))
        check(abs(scale - expected_scale) < 0.0101,
              f'page requested scale {scale}, expected about {expected_scale} (shown {stage_width:.0f} px wide of {self.info["pixelWidth"]})')
        text = self.driver.find_element('id', 'time').text
        check('1.5' in text and '45' in text if self.info['fps'] == 30 else '1.5' in text, f'#time reads {text!r} at 1.5 s')
        log(f'scrub: frame at 1.5 s, scale {scale} ({size[0]}x{size[1]} px) matches reel frame (max channel difference {worst})')

    def reel_hit(self, t, x, y):
        r = self.reel_run('hit', self.timeline, '--time', repr(t), '--point', f'{x:g},{y:g}')
        return r.stdout.strip().split('/') if r.returncode == 0 and r.stdout.strip() else None

    def choose_hit_point(self, t):
        """A canvas point on a layer, away from its edges: the same layer within 4 points around it."""
        w, h = self.info['width'], self.info['height']
        candidates = [(240, 180)] + [(x * w / 8, y * h / 6) for y in range(1, 6) for x in range(1, 8)]
        for x, y in candidates:
            path = self.reel_hit(t, x, y)
            if not path:
                continue
            if all(self.reel_hit(t, x + dx, y + dy) == path for dx, dy in ((-4, -4), (4, 4), (-4, 4), (4, -4))):
                return x, y, path
        raise CheckFailed('no canvas point hits the same layer 4 points around it (reel hit)')

    def test_hit(self):
        from selenium.webdriver.common.action_chains import ActionChains

        t = self.js('return reelStudio.seek(1.5).then(() => reelStudio.state.time);')
        x, y, path = self.choose_hit_point(t)
        self.expected_id = path[-1]
        stage = self.driver.find_element('id', 'stage')
        rect = self.driver.execute_script('const r = arguments[0].getBoundingClientRect(); return {w: r.width, h: r.height};', stage)
        # Selenium offsets are from the element's centre, in CSS pixels.
        ox = round(x / self.info['width'] * rect['w'] - rect['w'] / 2)
        oy = round(y / self.info['height'] * rect['h'] - rect['h'] / 2)
        ActionChains(self.driver).move_to_element_with_offset(stage, ox, oy).perform()
        self.wait_for(f'the row of "{self.expected_id}" to get class hover',
                      lambda: self.driver.execute_script(
                          "const r = document.querySelector('#tree .hover[data-id]'); return r && r.dataset.id") == self.expected_id, 10)
        ActionChains(self.driver).move_to_element_with_offset(stage, ox, oy).click().perform()
        try:
            self.wait_for(f'the row of "{self.expected_id}" to get class selected',
                          lambda: self.driver.execute_script(
                              "const r = document.querySelector('#tree .selected[data-id]'); return r && r.dataset.id") == self.expected_id, 10)
        except CheckFailed:
            got = self.driver.execute_script(
                "const r = document.querySelector('#tree .selected[data-id]'); return [r && r.dataset.id, reelStudio.lastHit];")
            raise CheckFailed(f'clicked canvas point ({x:g}, {y:g}) at {t} s: reel hit says {"/".join(path)}, '
                              f'the page selected {got[0]!r} (its hit: {got[1]})')
        check(self.js('return reelStudio.state.selected;') == self.expected_id, 'reelStudio.state.selected is not the clicked layer')
        self.wait_for('the inspector to list the selected layer\'s values',
                      lambda: self.driver.execute_script("return document.querySelectorAll('#inspector tr[data-key]').length") > 0, 10)
        keys = self.driver.execute_script("return [...document.querySelectorAll('#inspector tr[data-key]')].map(r => r.dataset.key)")
        check('position' in keys and 'opacity' in keys, f'the inspector lacks position/opacity: {keys}')
        log(f'hit: canvas point ({x:g}, {y:g}) at {t} s selects "{self.expected_id}" as reel hit does ({"/".join(path)})')

    def install_version_watch(self):
        self.driver.execute_script('''
            window.__reelVersionAt = null;
            const before = Number(document.body.dataset.version);
            const seen = () => {
              if (window.__reelVersionAt === null && Number(document.body.dataset.version) > before) window.__reelVersionAt = Date.now();
            };
            new MutationObserver(seen).observe(document.body, {attributes: true, attributeFilter: ['data-version']});''')

    def test_live_edit(self):
        before = int(self.driver.execute_script('return document.body.dataset.version'))
        edited = json.loads(json.dumps(self.document))
        old = edited['canvas'].get('background')
        edited['canvas']['background'] = '#2A6F5F' if str(old).upper() != '#2A6F5F' else '#5F2A6F'
        self.install_version_watch()
        written = time.time()
        self.write_timeline(edited)
        self.document = edited
        changed = self.wait_for('body[data-version] to increase after an edit',
                                lambda: self.driver.execute_script('return window.__reelVersionAt'), 15)
        delay = changed / 1000 - written
        after = int(self.driver.execute_script('return document.body.dataset.version'))
        self.compare_with_reel_frame('live-edit')
        log(f'live edit: background {old} -> {edited["canvas"]["background"]}: version {before} -> {after}, '
            f'new frame shown {delay * 1000:.0f} ms after the save (limit {LIVE_RELOAD_LIMIT_S * 1000:.0f} ms)')
        check(delay <= LIVE_RELOAD_LIMIT_S, f'live reload took {delay:.2f} s (limit {LIVE_RELOAD_LIMIT_S} s)')

    def test_invalid_file(self):
        _, _, good = self.page_pixels()
        broken = json.loads(json.dumps(self.document))
        broken['layers'][0]['opacity'] = 'high'
        self.write_timeline(broken)
        problems = self.driver.find_element('id', 'problems')
        self.wait_for('#problems to show layers[0].opacity',
                      lambda: problems.is_displayed() and 'layers[0].opacity' in problems.text, 15)
        log(f'invalid file: #problems shows {problems.text.splitlines()[-1]!r}')
        check(self.driver.find_element('id', 'frame').is_displayed(), 'the frame is hidden while the file is invalid')
        check(self.driver.execute_script('return document.body.dataset.ready') == '1', 'body lost data-ready')
        info = self.get_json('/api/info')
        check(any(p.get('path') == 'layers[0].opacity' for p in info.get('problems', [])),
              f'/api/info problems lack layers[0].opacity: {info.get("problems")}')
        # Still the last good frame: the page keeps it, and the server draws it.
        _, _, shown = self.page_pixels()
        check(shown == good, 'the frame changed when the file became invalid')
        check(len(set(shown[i:i + 4] for i in range(0, min(len(shown), 400000), 4004))) > 1, 'the frame is blank')
        self.js('return reelStudio.seek(2.0);')
        self.compare_with_reel_frame_of(self.document, 'invalid-last-good')
        # Back to a valid file: the overlay goes away on the reload.
        before = int(self.driver.execute_script('return document.body.dataset.version'))
        self.write_timeline(self.document)
        self.wait_for('#problems to hide after the file is valid again', lambda: not problems.is_displayed(), 15)
        self.wait_for('body[data-version] to increase after the fix',
                      lambda: int(self.driver.execute_script('return document.body.dataset.version')) > before, 15)
        log('invalid file: the last good frame stays on screen; the overlay hides on the next reload')

    def compare_with_reel_frame_of(self, document, label):
        """As compare_with_reel_frame, for a timeline other than the one on disk (the last good one)."""
        saved = self.timeline
        copy = os.path.join(self.folder, '.last-good.json')
        with open(copy, 'w') as f:
            json.dump(document, f)
        self.timeline = copy
        try:
            return self.compare_with_reel_frame(label)
        finally:
            self.timeline = saved
            os.unlink(copy)

    def test_latency_and_playback(self):
        times = [0.2, 3.1, 6.4, 9.0, 1.1, 4.7, 7.3, 2.2, 5.5, 8.8]
        latencies = []
        for t in times:
            latencies.append(self.js('return reelStudio.seek(arguments[0]).then(() => reelStudio.stats.lastLatencyMs);', t))
        median = statistics.median(latencies)
        log(f'scrub latency median {median:.0f} ms (target 50); all: {", ".join(f"{v:.0f}" for v in latencies)} ms')
        self.js('reelStudio.play();')
        time.sleep(3)
        stats = self.js('reelStudio.pause(); return {fps: reelStudio.stats.playbackFps, dropped: reelStudio.stats.dropped, '
                        'time: reelStudio.state.time, playing: reelStudio.state.playing};')
        check(stats['playing'] is False, 'still playing after pause()')
        fps = stats['fps'] or 0
        log(f'playback {fps:.1f} fps (target 30); {stats["dropped"]} frames dropped in 3 s; playhead at {stats["time"]:.3f} s')
        check(stats['fps'] is not None and stats['fps'] > 0, 'no frame shown during 3 s of playback')

    def test_refusals(self):
        # Control: a file of the folder is served.
        asset = os.path.join(self.folder, 'assets', 'bench-swirl.png')
        if os.path.exists(asset):
            status, body = self.raw_get('/files/assets/bench-swirl.png')
            with open(asset, 'rb') as f:
                check(status == 200 and body == f.read(), f'GET /files/assets/bench-swirl.png answered {status}, not the file')
        os.symlink('/etc/passwd', os.path.join(self.folder, 'link.txt'))
        os.symlink(self.scratch, os.path.join(self.folder, 'up'))
        with open('/etc/passwd', 'rb') as f:
            passwd = f.read()
        secret = b'REEL-STUDIO-SECRET-OUTSIDE-THE-FOLDER'
        cases = ['/files/../../etc/passwd', '/files/%2e%2e/secret.txt', '/files/%2E%2E%2Fsecret.txt', '/files/..%2fsecret.txt',
                 '/files//etc/passwd', '/files/%2Fetc%2Fpasswd', '/files/link.txt', '/files/up/secret.txt',
                 '/files/assets/../../secret.txt', '/nope', '/api/nope', '/studio.js/../../etc/passwd']
        bad = []
        for path in cases:
            status, body = self.raw_get(path)
            leaked = (passwd[:32] in body) or (secret in body) or (b'root:' in body)
            if not (400 <= status < 500) or leaked:
                bad.append(f'{path} -> {status}{" with the file content" if leaked else ""}')
        check(not bad, 'unsafe requests not refused with 4xx: ' + '; '.join(bad))
        log(f'refusals: {len(cases)} unsafe or unknown paths answered 4xx without the file')

    def test_second_server(self):
        try:
            r = self.reel_run('studio', self.timeline, '--port', str(self.port), timeout=60)
        except subprocess.TimeoutExpired:
            raise CheckFailed(f'a second reel studio on port {self.port} kept running (60 s) instead of failing')
        output = (r.stdout + r.stderr).strip()
        check(r.returncode != 0, f'a second reel studio on port {self.port} exited 0: {output}')
        check(str(self.port) in output, f'the second studio\'s error does not name port {self.port}: {output!r}')
        log(f'second studio on the same port: exit {r.returncode}: {output.splitlines()[-1] if output else ""}')

    def take_screenshot(self):
        path = os.path.abspath(self.args.screenshot)
        if self.document != self.original:  # the timeline as it came, not as the checks left it
            before = int(self.driver.execute_script('return document.body.dataset.version'))
            self.write_timeline(self.original)
            self.document = self.original
            self.wait_for('the original timeline to load',
                          lambda: int(self.driver.execute_script('return document.body.dataset.version')) > before, 15)
        self.js('return reelStudio.seek(1.5);')
        layer = self.expected_id or self.js('return reelStudio.state.selected;')
        if not layer:
            layer = self.driver.execute_script("const r = document.querySelector('#tree [data-id]'); return r && r.dataset.id")
        if layer and self.js('return reelStudio.state.selected;') != layer:
            self.js('reelStudio.select(arguments[0]);', layer)
        self.wait_for('the inspector', lambda: self.driver.execute_script("return document.querySelectorAll('#inspector tr[data-key]').length") > 0, 10)
        try:  # the costs are measured in the background; wait a little for them
            self.wait_for('frame costs', lambda: self.driver.execute_script("return document.getElementById('costs-status').hidden"), 60, 0.25)
        except CheckFailed:
            log('screenshot: frame costs not measured yet; taken without them')
        # The pointer over the selected layer, so the hover label shows too.
        time.sleep(0.3)
        os.makedirs(os.path.dirname(path) or '.', exist_ok=True)
        self.driver.save_screenshot(path)
        log(f'screenshot: {path}')

    def test_ctrl_c(self):
        """Ctrl-C stops the server promptly once the page is closed (its event stream too)."""
        self.driver.quit()
        self.driver = None
        time.sleep(0.3)
        self.server.send_signal(signal.SIGINT)
        try:
            code = self.server.wait(5)
        except subprocess.TimeoutExpired:
            raise CheckFailed('reel studio still runs 5 s after SIGINT (Ctrl-C), the page closed; '
                              'an /api/events stream that was opened keeps it from stopping?')
        log(f'Ctrl-C: reel studio stopped (exit {code})')

    def browser_errors(self):
        try:
            entries = self.driver.get_log('browser')
        except Exception:  # noqa: BLE001 - logs are a courtesy
            return
        errors = [e['message'] for e in entries if e.get('level') == 'SEVERE' and e.get('source') == 'javascript']
        check(not errors, 'JavaScript errors on the page:\n  ' + '\n  '.join(errors))

    # -- running

    def step(self, name, function, required=False):
        try:
            function()
            return True
        except Exception as error:  # noqa: BLE001 - every failure is reported, and counted
            message = str(error) if isinstance(error, CheckFailed) else traceback.format_exc()
            self.failures.append(f'{name}: {message}')
            log(f'FAIL {name}: {message}')
            if required:
                raise
            return False

    def run(self):
        try:
            self.step('set-up', self.make_folder, required=True)
            self.step('server', self.start_server, required=True)
            self.step('browser', self.start_browser, required=True)
            self.step('scrub', self.test_scrub)
            self.step('hit', self.test_hit)
            self.step('live edit', self.test_live_edit)
            self.step('invalid file', self.test_invalid_file)
            self.step('latency and playback', self.test_latency_and_playback)
            self.step('refusals', self.test_refusals)
            self.step('second studio', self.test_second_server)
            if self.args.screenshot:
                self.step('screenshot', self.take_screenshot)
            self.step('page errors', self.browser_errors)
            self.step('Ctrl-C', self.test_ctrl_c)
        except Exception:  # noqa: BLE001 - a required step failed; reported above
            pass
        finally:
            self.stop()
        if self.failures:
            if self.server_output():
                log('--- reel studio output ---\n' + self.server_output())
            log(f'\nstudio test FAILED: {len(self.failures)} check(s):')
            for failure in self.failures:
                log('  - ' + failure.splitlines()[0])
            log(f'(scratch folder kept: {self.scratch})')
            return 1
        log('studio test passed')
        if not self.args.keep:
            shutil.rmtree(self.scratch, ignore_errors=True)
        return 0

    def stop(self):
        if self.driver is not None:
            try:
                self.driver.quit()
            except Exception:  # noqa: BLE001
                pass
        if self.server is not None and self.server.poll() is None:
            try:
                os.killpg(self.server.pid, signal.SIGTERM)
            except OSError:
                self.server.terminate()
            try:
                self.server.wait(10)
            except subprocess.TimeoutExpired:
                try:
                    os.killpg(self.server.pid, signal.SIGKILL)
                except OSError:
                    self.server.kill()
                self.server.wait(10)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--reel', required=True, help='the reel binary to test')
    parser.add_argument('--screenshot', help='save a screenshot of the page here')
    parser.add_argument('--timeline', default=DEFAULT_TIMELINE, help='the timeline to copy and serve (default: %(default)s)')
    parser.add_argument('--chromium', default='/usr/bin/chromium', help='the browser (default: %(default)s)')
    parser.add_argument('--chromedriver', default='/usr/bin/chromedriver', help='its driver (default: %(default)s)')
    parser.add_argument('--keep', action='store_true', help='keep the scratch folder')
    args = parser.parse_args()
    for path, what in ((args.reel, 'reel binary'), (args.chromium, 'Chromium'), (args.chromedriver, 'chromedriver'), (args.timeline, 'timeline')):
        if not os.path.exists(path):
            sys.exit(f'studio test: no {what} at {path}')
    try:
        import selenium  # noqa: F401
    except ImportError:
        sys.exit('studio test: Selenium is missing: pip install -r Tests/Studio/requirements.txt')
    # A SIGTERM (a CI timeout) still stops the server and the browser.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    sys.exit(StudioTest(args).run())


if __name__ == '__main__':
    main()
