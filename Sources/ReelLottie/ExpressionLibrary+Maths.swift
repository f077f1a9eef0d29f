extension ExpressionLibrary {
    /// Vector maths, interpolation and seeded randomness: the globals that name nothing of the file.
    static let maths = #"""
        var __global = this;
        var time = 0, value = 0, thisProperty, thisLayer, thisComp, index, __doc, __fps = 30, __rngState = 1, __expressions = [];

        function __unwrap(v) {
            if (v instanceof Number) return v.valueOf();
            if (v instanceof Array) { var out = []; for (var i = 0; i < v.length; i++) out.push(__unwrap(v[i])); return out; }
            return v;
        }
        function $bm_isInstanceOfArray(a) { return a instanceof Array; }
        function __elementwise(a, b, f) {
            a = __unwrap(a); b = __unwrap(b);
            var aa = a instanceof Array, ba = b instanceof Array;
            if (!aa && !ba) return f(a, b);
            var n = Math.max(aa ? a.length : 0, ba ? b.length : 0), out = [];
            for (var i = 0; i < n; i++) {
                var x = aa ? (i < a.length ? a[i] : 0) : a, y = ba ? (i < b.length ? b[i] : 0) : b;
                out.push(f(x, y));
            }
            return out;
        }
        function $bm_sum(a, b) {
            var ua = __unwrap(a), ub = __unwrap(b);
            if (typeof ua === 'string' || typeof ub === 'string') return ua + ub;
            if (typeof ua === 'boolean') ua = +ua;
            if (typeof ub === 'boolean') ub = +ub;
            if (!(ua instanceof Array) && !(ub instanceof Array)) return ua + ub;
            // A number and an array: the number adds to the first element only, as lottie-web does.
            if (!(ua instanceof Array)) { var c = ub.slice(); c[0] = ua + c[0]; return c; }
            if (!(ub instanceof Array)) { var d = ua.slice(); d[0] = d[0] + ub; return d; }
            var n = Math.max(ua.length, ub.length), out = [];
            for (var i = 0; i < n; i++) out.push((i < ua.length ? ua[i] : 0) + (i < ub.length ? ub[i] : 0));
            return out;
        }
        var sum = $bm_sum, add = $bm_sum;
        function $bm_sub(a, b) {
            var ua = __unwrap(a), ub = __unwrap(b);
            if (typeof ua === 'boolean') ua = +ua;
            if (typeof ub === 'boolean') ub = +ub;
            if (!(ua instanceof Array) && !(ub instanceof Array)) return ua - ub;
            if (!(ua instanceof Array)) { var c = ub.map(function (x) { return -x; }); c[0] = ua + c[0]; return c; }
            if (!(ub instanceof Array)) { var d = ua.slice(); d[0] = d[0] - ub; return d; }
            var n = Math.max(ua.length, ub.length), out = [];
            for (var i = 0; i < n; i++) out.push((i < ua.length ? ua[i] : 0) - (i < ub.length ? ub[i] : 0));
            return out;
        }
        var sub = $bm_sub;
        function $bm_mul(a, b) { return __elementwise(a, b, function (x, y) { return x * y; }); }
        var mul = $bm_mul;
        function $bm_div(a, b) { return __elementwise(a, b, function (x, y) { return x / y; }); }
        var div = $bm_div;
        function $bm_mod(a, b) { return __elementwise(a, b, function (x, y) { return x % y; }); }
        var mod = $bm_mod;
        function $bm_neg(a) { return __elementwise(a, 0, function (x) { return -x; }); }
        function clamp(v, lo, hi) {
            if (lo > hi) { var t = lo; lo = hi; hi = t; }
            return __elementwise(v, 0, function (x) { return Math.min(Math.max(x, lo), hi); });
        }
        function dot(a, b) { a = __unwrap(a); b = __unwrap(b); var s = 0; for (var i = 0; i < Math.min(a.length, b.length); i++) s += a[i] * b[i]; return s; }
        function cross(a, b) { a = __unwrap(a); b = __unwrap(b); return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]; }
        function length(a, b) {
            a = __unwrap(a);
            if (b !== undefined) a = $bm_sub(a, b);
            if (!(a instanceof Array)) return Math.abs(a);
            var s = 0; for (var i = 0; i < a.length; i++) s += a[i] * a[i];
            return Math.sqrt(s);
        }
        function normalize(a) { var l = length(a); return l === 0 ? __unwrap(a) : $bm_div(a, l); }
        function degreesToRadians(d) { return d * Math.PI / 180; }
        function radiansToDegrees(r) { return r * 180 / Math.PI; }
        function timeToFrames(t, fps) { return Math.round((t === undefined ? time : t) * (fps || __fps)); }
        function framesToTime(f, fps) { return f / (fps || __fps); }
        function __blend(t, v1, v2) {
            v1 = __unwrap(v1); v2 = __unwrap(v2);
            if (v1 instanceof Array) { var out = []; for (var i = 0; i < v1.length; i++) out.push(v1[i] + ((v2[i] || 0) - v1[i]) * t); return out; }
            return v1 + (v2 - v1) * t;
        }
        function __interpolate(ease, t, tMin, tMax, v1, v2) {
            t = __unwrap(t);
            if (v1 === undefined) { v1 = tMin; v2 = tMax; }
            else {
                if (tMax < tMin) { var s = tMax; tMax = tMin; tMin = s; s = v1; v1 = v2; v2 = s; }
                t = tMax === tMin ? (t >= tMax ? 1 : 0) : (t - tMin) / (tMax - tMin);
            }
            t = Math.min(Math.max(t, 0), 1);
            return __blend(ease ? __host(3, ease, t)[0] : t, v1, v2);
        }
        function linear(t, a, b, c, d) { return __interpolate(null, t, a, b, c, d); }
        function ease(t, a, b, c, d) { return __interpolate('0.33,0,0.667,1', t, a, b, c, d); }
        function easeIn(t, a, b, c, d) { return __interpolate('0.333,0,0.833,0.833', t, a, b, c, d); }
        function easeOut(t, a, b, c, d) { return __interpolate('0.167,0.167,0.667,1', t, a, b, c, d); }

        // Seeded randomness: the same frames every run. Math.random is the same generator.
        function __next() {
            __rngState = (__rngState + 0x6D2B79F5) | 0;
            var t = Math.imul(__rngState ^ (__rngState >>> 15), 1 | __rngState);
            t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
            return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
        }
        Math.random = __next;
        var __seed = 0, __timeless = false, __evaluation = { id: 0, frame: 0 };
        function __reseed() {
            var h = (__seed * 2654435761) ^ (__evaluation.id * 40503) ^ (__timeless ? 0 : Math.round(__evaluation.frame * 1000) * 97);
            __rngState = h | 0; __next(); __next();
        }
        function seedRandom(seed, timeless) { __seed = seed | 0; __timeless = !!timeless; __reseed(); }
        function random(a, b) {
            a = __unwrap(a); b = __unwrap(b);
            if (a === undefined) return __next();
            if (b === undefined) { if (a instanceof Array) return a.map(function (x) { return x * __next(); }); return a * __next(); }
            if (a instanceof Array) return a.map(function (x, i) { return x + (b[i] - x) * __next(); });
            return a + (b - a) * __next();
        }
        function gaussRandom(a, b) {
            var u = Math.max(__next(), 1e-12), v = __next();
            var g = Math.min(Math.max(0.5 + Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v) / 6, 0), 1);
            a = __unwrap(a); b = __unwrap(b);
            if (a === undefined) return g;
            if (b === undefined) return __elementwise(a, 0, function (x) { return x * g; });
            return __blend(g, a, b);
        }
        function noise(p) { return __host(4, '0', __unwrap(p) instanceof Array ? __unwrap(p)[0] : __unwrap(p))[0]; }

        """#
}
