/// A damped spring (CASpringAnimation): the closed form of m x'' + c x' + k x = 0, from
/// displacement 1 (the start value) toward 0 (the end value).
public struct Spring: Hashable, Sendable {
    public var mass: Double = 1
    public var stiffness: Double = 100
    public var damping: Double = 10
    /// In units of the whole distance per second; positive moves toward the end value.
    public var initialVelocity: Double = 0

    public init(mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
    }

    var omega0: Double { (stiffness / mass).squareRoot() }
    var zeta: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// The remaining share of the distance at `t` seconds (1 at the start, 0 at rest).
    public func displacement(at t: Double) -> Double {
        let w0 = omega0
        let z = zeta
        let v0 = -initialVelocity
        if z < 1 {
            let wd = w0 * (1 - z * z).squareRoot()
            let b = (z * w0 + v0) / wd
            return exp(-z * w0 * t) * (cos(wd * t) + b * sin(wd * t))
        } else if z == 1 {
            return exp(-w0 * t) * (1 + (v0 + w0) * t)
        } else {
            let root = (z * z - 1).squareRoot()
            let r1 = -w0 * (z - root)
            let r2 = -w0 * (z + root)
            let c2 = (v0 - r1) / (r2 - r1)
            return (1 - c2) * exp(r1 * t) + c2 * exp(r2 * t)
        }
    }

    /// Seconds until the envelope (|A| + |B|) e^(-rate t) falls to 0.001: when the spring has
    /// settled (2.85 s for damping 5 at the defaults). The rate is zeta omega0, except that an
    /// overdamped spring creeps in at its slower root, omega0 (zeta - sqrt(zeta^2 - 1)).
    public var settlingDuration: Double {
        let w0 = omega0
        let z = zeta
        let v0 = -initialVelocity
        let (a, b): (Double, Double)
        var rate = z * w0
        if z < 1 {
            (a, b) = (1, (z * w0 + v0) / (w0 * (1 - z * z).squareRoot()))
        } else if z == 1 {
            (a, b) = (1, v0 + w0)
        } else {
            let root = (z * z - 1).squareRoot()
            let r1 = -w0 * (z - root)
            let r2 = -w0 * (z + root)
            let c2 = (v0 - r1) / (r2 - r1)
            (a, b) = (1 - c2, c2)
            rate = -r1
        }
        return log((abs(a) + abs(b)) / 0.001) / rate
    }
}

#if canImport(Glibc)
    import Glibc
#endif
