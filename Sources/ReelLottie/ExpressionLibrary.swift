/// After Effects' expression globals as lottie-web defines them, in JavaScript, run once in
/// each import's engine before its first expression. Values come from the host
/// (`__host(operation, path, argument)`, answered by `LottieExpressions`): 0 a property's
/// keyframed value at a frame, 1 its keyframe count, 2 one keyframe (frame, value…), 3 a
/// cubic ease (`path` its four control numbers) at a progress, 4 smooth noise (`path` a seed)
/// at a position. Keyframe maths stays in Swift, once.
enum ExpressionLibrary {
    static let source = maths + objects

    /// Layers, compositions, properties and their time: what an expression names.
    static let objects = #"""
        // A property's value that is also the property (`position[0]`, `position.valueAtTime(t)`):
        // an array or a Number whose prototype carries the property's methods.
        function __methods(base) {
            var m = Object.create(base);
            m.valueAtTime = function (t) { return this.__prop.valueAtTime(t); };
            m.velocityAtTime = function (t) { return this.__prop.velocityAtTime(t); };
            m.speedAtTime = function (t) { return length(this.__prop.velocityAtTime(t)); };
            m.key = function (i) { return this.__prop.key(i); };
            m.nearestKey = function (t) { return this.__prop.nearestKey(t); };
            m.loopOut = function (type, n) { return this.__prop.loop(true, type, n); };
            m.loopIn = function (type, n) { return this.__prop.loop(false, type, n); };
            m.loopOutDuration = function (type, d) { return this.__prop.loop(true, type, 0, d); };
            m.loopInDuration = function (type, d) { return this.__prop.loop(false, type, 0, d); };
            m.wiggle = function (f, a, o, k, t) { return this.__prop.wiggle(f, a, o, k, t); };
            m.smooth = function () { return this.__prop.valueAtTime(time); };
            m.propertyGroup = function (n) { return __propertyGroup(this.__prop.path, n === undefined ? 1 : n); };
            m.propertyIndex = 1;
            Object.defineProperty(m, 'numKeys', { get: function () { return this.__prop.numKeys(); } });
            Object.defineProperty(m, 'value', { get: function () { return __unwrap(this); } });
            return m;
        }
        var __arrayMethods = __methods(Array.prototype), __numberMethods = __methods(Number.prototype);
        function __wrap(prop, v) {
            var w = v instanceof Array ? v.slice() : new Number(v);
            Object.setPrototypeOf(w, v instanceof Array ? __arrayMethods : __numberMethods);
            w.__prop = prop;
            return w;
        }
        function __single(v) { return v.length === 1 ? v[0] : v; }

        // A keyframed property of the file at its JSON path (`parts` for a split position).
        function Prop(path, parts) { this.path = path; this.parts = parts; }
        Prop.prototype.valueAtTime = function (t) {
            var f = __unwrap(t) * __fps;
            if (this.parts) return this.parts.map(function (p) { return p.valueAtTime(t); });
            var v = __host(0, this.path, f);
            if (v === undefined) throw new Error('no value at ' + this.path);
            return __single(v);
        };
        Prop.prototype.velocityAtTime = function (t) {
            var d = 0.001;
            return $bm_div($bm_sub(this.valueAtTime(t + d), this.valueAtTime(t)), d);
        };
        Prop.prototype.numKeys = function () {
            if (this.parts) return this.parts[0].numKeys();
            var n = __host(1, this.path, 0);
            return n ? n[0] : 0;
        };
        Prop.prototype.key = function (i) {
            if (this.parts) {
                var ks = this.parts.map(function (p) { return p.key(i); });
                return { time: ks[0].time, index: i, value: ks.map(function (k) { return k.value; }) };
            }
            var k = __host(2, this.path, i - 1);
            if (!k) throw new Error('key(' + i + ') is not a keyframe of ' + this.path);
            var v = __single(k.slice(1));
            var key = { time: k[0] / __fps, index: i, value: v };
            if (v instanceof Array) for (var d = 0; d < v.length; d++) key[d] = v[d]; else key[0] = v;
            return key;
        };
        Prop.prototype.nearestKey = function (t) {
            var n = this.numKeys(), best = null, bestD = Infinity;
            for (var i = 1; i <= n; i++) { var k = this.key(i), d = Math.abs(k.time - t); if (d < bestD) { bestD = d; best = k; } }
            if (!best) throw new Error('nearestKey on a property without keyframes: ' + this.path);
            return best;
        };
        Prop.prototype.loop = function (out, type, count, duration) {
            type = (type || 'cycle').toLowerCase();
            var n = this.numKeys(), now = this.valueAtTime(time);
            if (n < 2) return now;
            var first = this.key(1).time, last = this.key(n).time;
            if (out) {
                if (time <= last) return now;
                if (duration) first = Math.max(first, last - duration);
                else if (count && count < n) first = this.key(n - count).time;
            } else {
                if (time >= first) return now;
                if (duration) last = Math.min(last, first + duration);
                else if (count && count < n) last = this.key(1 + count).time;
            }
            var span = last - first;
            if (span <= 0) return now;
            if (type === 'continue') {
                var edge = out ? last : first, d = 0.001;
                var v = this.valueAtTime(edge), slope = $bm_div($bm_sub(this.valueAtTime(out ? edge : edge + d), this.valueAtTime(out ? edge - d : edge)), d);
                return $bm_sum(v, $bm_mul(slope, time - edge));
            }
            // As lottie-web: whole turns of the span before (in) or after (out) the keyframes.
            var past = out ? time - first : first - time;
            var turns = Math.floor(past / span), within = past - turns * span;
            if (type === 'pingpong') return this.valueAtTime(turns % 2 === 0 ? first + within : last - within);
            var local = this.valueAtTime(out ? first + within : last - within);
            if (type === 'offset') {
                var delta = $bm_sub(this.valueAtTime(last), this.valueAtTime(first));
                return out ? $bm_sum(local, $bm_mul(delta, turns)) : $bm_sub(local, $bm_mul(delta, turns + 1));
            }
            return local;
        };
        Prop.prototype.wiggle = function (freq, amp, octaves, multiplier, t) {
            freq = __unwrap(freq); amp = __unwrap(amp);
            octaves = octaves === undefined ? 1 : Math.max(1, Math.floor(octaves));
            multiplier = multiplier === undefined ? 0.5 : multiplier;
            t = t === undefined ? time : t;
            var base = this.valueAtTime(t), dims = base instanceof Array ? base.length : 1, out = [];
            for (var d = 0; d < dims; d++) {
                var s = 0, a = 1, f = 1;
                for (var o = 0; o < octaves; o++) { s += a * __host(4, String(d * 131 + o * 17 + __seed), t * freq * f)[0]; a *= multiplier; f *= 2; }
                out.push((base instanceof Array ? base[d] : base) + amp * s);
            }
            return dims === 1 && !(base instanceof Array) ? out[0] : out;
        };

        function __node(path) {
            var node = __doc, re = /([^.\[\]]+)|\[(\d+)\]/g, m;
            while (node !== undefined && node !== null && (m = re.exec(path)) !== null) node = m[1] !== undefined ? node[m[1]] : node[+m[2]];
            return node;
        }
        function __property(path) {
            var n = __node(path);
            if (n && n.s && n.x !== undefined && n.y !== undefined) {
                var parts = [new Prop(path + '.x'), new Prop(path + '.y')];
                if (n.z !== undefined) parts.push(new Prop(path + '.z'));
                return new Prop(path, parts);
            }
            return new Prop(path);
        }
        function __getter(obj, name, path) {
            Object.defineProperty(obj, name, {
                get: function () { if (__node(path) === undefined) return undefined; var p = __property(path); return __wrap(p, p.valueAtTime(time)); },
                enumerable: true
            });
        }
        function __matches(node, name, i) {
            if (typeof name === 'number') return i + 1 === name;
            return node && (node.nm === name || node.mn === name);
        }
        var __transformNames = {
            anchorPoint: 'a', position: 'p', scale: 's', rotation: 'r', zRotation: 'rz', opacity: 'o', skew: 'sk', skewAxis: 'sa',
            orientation: 'or', xRotation: 'rx', yRotation: 'ry', startOpacity: 'so', endOpacity: 'eo'
        };
        var __transformMatchNames = {
            'ADBE Anchor Point': 'anchorPoint', 'ADBE Position': 'position', 'ADBE Scale': 'scale', 'ADBE Rotate Z': 'rotation',
            'ADBE Opacity': 'opacity', 'ADBE Vector Anchor': 'anchorPoint', 'ADBE Vector Position': 'position',
            'ADBE Vector Scale': 'scale', 'ADBE Vector Rotation': 'rotation', 'ADBE Vector Group Opacity': 'opacity',
            'ADBE Position_0': 'xPosition', 'ADBE Position_1': 'yPosition', 'ADBE Position_2': 'zPosition'
        };
        // A transform (a layer's `ks`, a group's `tr`): its properties by name, or called by match name.
        function Transform(path) {
            var self = function (name) { var k = __transformMatchNames[name] || name; return self[k]; };
            var node = __node(path), names = {};
            for (var k in __transformNames) names[k] = __transformNames[k];
            if (node && node.r === undefined && node.rz !== undefined) names.rotation = 'rz';
            for (var n in names) __getter(self, n, path + '.' + names[n]);
            ['xPosition', 'yPosition', 'zPosition'].forEach(function (k, i) { __getter(self, k, path + '.p.' + 'xyz'[i]); });
            return self;
        }
        var __shapeNames = {
            fl: { color: 'c', opacity: 'o' }, st: { color: 'c', opacity: 'o', strokeWidth: 'w' },
            gf: { opacity: 'o', startPoint: 's', endPoint: 'e' }, gs: { opacity: 'o', startPoint: 's', endPoint: 'e', strokeWidth: 'w' },
            rc: { size: 's', position: 'p', roundness: 'r' }, el: { size: 's', position: 'p' },
            sr: { position: 'p', rotation: 'r', points: 'pt', innerRadius: 'ir', outerRadius: 'or', innerRoundness: 'is', outerRoundness: 'os' },
            tm: { start: 's', end: 'e', offset: 'o' }, rd: { radius: 'r' }, rp: { copies: 'c', offset: 'o' }
        };
        var __shapeOrder = {
            rc: [null, 'size', 'position', 'roundness'], el: [null, 'size', 'position'],
            sr: [null, null, 'points', 'position', 'rotation', 'innerRadius', 'outerRadius', 'innerRoundness', 'outerRoundness'],
            fl: [null, null, 'color', 'opacity'], st: [null, 'color', 'opacity', 'strokeWidth'], tm: ['start', 'end', 'offset']
        };
        // A shape item or group: its properties by After Effects' names, `content(NAME)` and
        // `transform` for a group; called with a name or index as After Effects' groups are.
        function Content(path) {
            var node = __node(path) || {};
            var self = function (name) {
                // A shape's properties by their index in After Effects (1 is the path direction).
                var order = __shapeOrder[node.ty];
                if (typeof name === 'number' && order) {
                    if (!order[name - 1]) throw new Error('property ' + name + ' of "' + node.nm + '" is not supported');
                    return self[order[name - 1]];
                }
                if (name === 'ADBE Vectors Group' || name === 'Contents') return self;
                if (name === 'ADBE Vector Transform Group' || name === 'Transform') return self.transform;
                return self.content(name);
            };
            if (node.ty && __shapeNames[node.ty]) {
                var names = __shapeNames[node.ty];
                for (var k in names) __getter(self, k, path + '.' + names[k]);
            }
            var items = node.it || [];
            items.forEach(function (item, j) { if (item && item.ty === 'tr') self.transform = new Transform(path + '.it[' + j + ']'); });
            self.content = function (name) { return __content(path + '.it', items, name); };
            Object.defineProperty(self, 'name', { value: node.nm });
            return self;
        }
        function __content(base, items, name) {
            items = items || [];
            for (var i = 0; i < items.length; i++) if (__matches(items[i], name, i)) return new Content(base + '[' + i + ']');
            throw new Error('content(' + JSON.stringify(name) + ') is not in this layer');
        }
        // The group `n` levels above the property at `path`: its shape item, then in turn the
        // contents and the group holding it, as After Effects counts them.
        function __propertyGroup(path, n) {
            var p = path.replace(/\.[^.\[\]]+$/, '');
            for (var level = 1; level < n; level++) {
                if (/\.(it|shapes)\[\d+\]$/.test(p)) p = p.replace(/\[\d+\]$/, '');
                else if (/\.it$/.test(p)) p = p.replace(/\.it$/, '');
                else if (/\.shapes$/.test(p)) return new Layer(p.slice(0, p.lastIndexOf('.layers[') > 0 ? p.lastIndexOf('.layers[') : 0), +p.match(/layers\[(\d+)\]\.shapes$/)[1]);
                else throw new Error('propertyGroup(' + n + ') is above the layer');
            }
            if (/\.(it|shapes)$/.test(p)) {
                var list = __node(p) || [], base = p;
                var contents = function (name) { return __content(base, list, name); };
                contents.content = contents;
                return contents;
            }
            return new Content(p);
        }
        // A layer: its attributes, and callable by group match names as After Effects' layers are
        // (`layer('ADBE Transform Group')('ADBE Position')`, `layer('ADBE Effect Parade')(NAME)`).
        var __layers = {};
        function Layer(compPath, i) {
            var prefix = compPath ? compPath + '.' : '', path = prefix + 'layers[' + i + ']';
            if (__layers[path]) return __layers[path];
            var node = __node(path);
            var self = function (name) {
                if (name === 'ADBE Transform Group' || name === 'Transform') return self.transform;
                if (name === 'ADBE Effect Parade' || name === 'Effects') return self.effect;
                if (name === 'ADBE Root Vectors Group' || name === 'Contents') return self.content;
                throw new Error('layer "' + node.nm + '" has no property group ' + JSON.stringify(name));
            };
            __layers[path] = self;
            self.__path = path;
            self.index = node.ind !== undefined ? node.ind : i + 1;
            Object.defineProperty(self, 'name', { value: node.nm });
            self.inPoint = (node.ip || 0) / __fps;
            self.outPoint = (node.op || 0) / __fps;
            self.startTime = (node.st || 0) / __fps;
            self.width = node.w || node.sw || 0;
            self.height = node.h || node.sh || 0;
            self.transform = new Transform(path + '.ks');
            ['anchorPoint', 'position', 'scale', 'rotation', 'opacity'].forEach(function (k) {
                Object.defineProperty(self, k, { get: function () { return self.transform[k]; } });
            });
            self.hasParent = node.parent !== undefined;
            Object.defineProperty(self, 'parent', { get: function () { return self.hasParent ? __layerByIndex(compPath, node.parent) : undefined; } });
            self.effect = function (name) {
                var list = node.ef || [];
                for (var e = 0; e < list.length; e++) {
                    if (__matches(list[e], name, e)) {
                        var ePath = path + '.ef[' + e + ']', params = list[e].ef || [], effectName = list[e].nm;
                        return function (param) {
                            for (var j = 0; j < params.length; j++) {
                                if (__matches(params[j], param, j)) { var pp = __property(ePath + '.ef[' + j + '].v'); return __wrap(pp, pp.valueAtTime(time)); }
                            }
                            throw new Error('effect("' + effectName + '") has no parameter ' + JSON.stringify(param));
                        };
                    }
                }
                throw new Error('effect(' + JSON.stringify(name) + ') is not on layer "' + node.nm + '"');
            };
            self.content = function (name) { return __content(path + '.shapes', node.shapes, name); };
            self.toComp = function (p, t) { return __toComp(self, p, t === undefined ? time : t); };
            self.toWorld = self.toComp;
            self.fromComp = function (p, t) { return __fromComp(self, p, t === undefined ? time : t); };
            self.fromWorld = self.fromComp;
            self.sourceRectAtTime = function () { return { top: 0, left: 0, width: self.width, height: self.height }; };
            return self;
        }
        function __layerByIndex(compPath, ind) {
            var list = (compPath ? __node(compPath) : __doc).layers || [];
            for (var i = 0; i < list.length; i++) if (list[i].ind === ind) return new Layer(compPath, i);
            return undefined;
        }
        function __matrix(layer, t) {
            var tr = layer.transform, num = function (v, d) { return v === undefined ? d : __unwrap(v); };
            var a = num(tr.anchorPoint && tr.anchorPoint.valueAtTime(t), [0, 0]), p = num(tr.position && tr.position.valueAtTime(t), [0, 0]);
            var s = num(tr.scale && tr.scale.valueAtTime(t), [100, 100]), r = degreesToRadians(num(tr.rotation && tr.rotation.valueAtTime(t), 0));
            var c = Math.cos(r), n = Math.sin(r), sx = s[0] / 100, sy = s[1] / 100;
            return [c * sx, n * sx, -n * sy, c * sy, p[0] - (c * sx * a[0] - n * sy * a[1]), p[1] - (n * sx * a[0] + c * sy * a[1])];
        }
        function __toComp(layer, p, t) {
            p = __unwrap(p); var x = p[0], y = p[1];
            for (var l = layer; l; l = l.parent) {
                var m = __matrix(l, t), nx = m[0] * x + m[2] * y + m[4], ny = m[1] * x + m[3] * y + m[5];
                x = nx; y = ny;
            }
            return p.length > 2 ? [x, y, p[2]] : [x, y];
        }
        function __fromComp(layer, p, t) {
            p = __unwrap(p); var chain = [];
            for (var l = layer; l; l = l.parent) chain.unshift(l);
            var x = p[0], y = p[1];
            chain.forEach(function (l) {
                var m = __matrix(l, t), det = m[0] * m[3] - m[1] * m[2];
                if (det === 0) return;
                var dx = x - m[4], dy = y - m[5];
                x = (m[3] * dx - m[2] * dy) / det; y = (-m[1] * dx + m[0] * dy) / det;
            });
            return p.length > 2 ? [x, y, p[2]] : [x, y];
        }
        function Comp(path) {
            var node = path ? __node(path) : __doc, self = this;
            this.name = node.nm;
            this.width = node.w; this.height = node.h;
            this.frameDuration = 1 / __fps;
            this.duration = ((__doc.op || 0) - (__doc.ip || 0)) / __fps;
            this.numLayers = (node.layers || []).length;
            this.displayStartTime = 0;
            this.layer = function (x) {
                var list = node.layers || [];
                for (var i = 0; i < list.length; i++) {
                    if (typeof x === 'number' ? (list[i].ind === x || (list[i].ind === undefined && i + 1 === x)) : list[i].nm === x) return new Layer(path, i);
                }
                throw new Error('thisComp.layer(' + JSON.stringify(x) + ') is not a layer of this composition');
            };
        }
        function comp(name) {
            if (__doc.nm === name) return new Comp('');
            var assets = __doc.assets || [];
            for (var i = 0; i < assets.length; i++) if (assets[i].layers && (assets[i].nm === name || assets[i].id === name)) return new Comp('assets[' + i + ']');
            // A precomp is also known by the name of a layer that shows it.
            var lists = [__doc.layers || []].concat(assets.map(function (a) { return a.layers || []; }));
            for (var l = 0; l < lists.length; l++) {
                for (var m = 0; m < lists[l].length; m++) {
                    var ref = lists[l][m].refId;
                    if (lists[l][m].nm === name && ref !== undefined) {
                        for (var k = 0; k < assets.length; k++) if (assets[k].id === ref) return new Comp('assets[' + k + ']');
                    }
                }
            }
            throw new Error('comp(' + JSON.stringify(name) + ') is not a composition of this file');
        }

        // The layer's own transform and parent, read when an expression names them.
        var __layer;
        ['anchorPoint', 'position', 'scale', 'rotation', 'opacity', 'parent'].forEach(function (k) {
            Object.defineProperty(__global, k, {
                get: function () { return k === 'parent' ? __layer.parent : __layer.transform[k]; }, set: function () {}
            });
        });
        Object.defineProperty(__global, 'velocity', { get: function () { return value.velocityAtTime(time); }, set: function () {} });

        // Defines expression `id`: `source` for the property at `propertyPath` of the layer at `layerPath`.
        function __define(id, source, layerPath, propertyPath) {
            var code = String(source);
            // Global code's scope: the globals are set before each run, so functions the
            // expression declares see them too.
            var body = code.indexOf('$bm_rt') >= 0
                ? 'var $bm_rt;\n' + code + '\n;return $bm_rt;'
                : 'var $bm_rt; var __last = eval(__code); return $bm_rt !== undefined ? $bm_rt : __last;';
            var f = new Function('__code', body);
            var cut = layerPath.lastIndexOf('layers[');
            var compPath = cut > 0 ? layerPath.slice(0, cut - 1) : '';
            var i = +layerPath.slice(cut + 7, layerPath.length - 1);
            __expressions[id] = { f: f, code: code, compPath: compPath, layerIndex: i, property: __property(propertyPath) };
        }
        // Runs expression `id` at `frame`, the property's keyframed value there being `v`.
        var __scopeNames = [
            'effect', 'content', 'transform', 'toComp', 'fromComp', 'toWorld', 'fromWorld', 'inPoint', 'outPoint', 'startTime',
            'hasParent', 'width', 'height', 'name'
        ];
        var __valueNames = [
            'numKeys', 'key', 'nearestKey', 'valueAtTime', 'velocityAtTime', 'speedAtTime', 'loopOut', 'loopIn', 'loopOutDuration',
            'loopInDuration', 'wiggle', 'smooth', 'propertyGroup'
        ];
        // The property's methods as globals (`loopOut()`, `numKeys`), made once per expression.
        function __bind(prop) {
            var holder = __wrap(prop, 0), bound = {};
            __valueNames.forEach(function (k) {
                var f = holder[k];
                bound[k] = typeof f === 'function' ? function () { return f.apply(holder, arguments); } : f;
            });
            return bound;
        }
        var loop_out = function (t, n) { return value.loopOut(t, n); }, loop_in = function (t, n) { return value.loopIn(t, n); };
        // Runs expression `id` at `frame`, the property's keyframed value there being `v`.
        function __evaluate(id, frame, v) {
            var e = __expressions[id];
            if (!e.layer) { e.layer = new Layer(e.compPath, e.layerIndex); e.comp = new Comp(e.compPath); }
            time = frame / __fps;
            value = __wrap(e.property, __single(v));
            __seed = 0; __timeless = false; __evaluation.id = id; __evaluation.frame = frame; __reseed();
            thisLayer = __layer = e.layer; thisComp = e.comp; thisProperty = value; index = e.layer.index;
            for (var i = 0; i < __scopeNames.length; i++) __global[__scopeNames[i]] = e.layer[__scopeNames[i]];
            e.bound = e.bound || __bind(e.property);
            for (var j = 0; j < __valueNames.length; j++) __global[__valueNames[j]] = e.bound[__valueNames[j]];
            var r = __unwrap(e.f(e.code));
            if (typeof r === 'boolean') r = +r;
            return r;
        }
        """#
}
