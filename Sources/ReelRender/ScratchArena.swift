import ReelCore
import ReelRaster

/// Scratch memory for one frame's offscreen pictures and coverage masks, reused from frame to
/// frame so drawing allocates nothing and touches no fresh pages once it has warmed up.
/// Allocation is a bump of a pointer; `mark` and `release(to:)` free in stack order (a group's
/// picture and everything made while drawing it go when it lands). A request the block cannot
/// hold gets memory of its own, freed at the end of the frame, and the block grows to the
/// frame's high-water mark for the next one. One arena per renderer (per thread).
final class ScratchArena {
    private var block: UnsafeMutableRawPointer
    private var capacity: Int
    private var used = 0
    /// The most a frame needed: the block's size for the next frame.
    private var highWater = 0
    private var overflow: [UnsafeMutableRawPointer] = []

    init(capacity: Int = 1 << 20) {
        self.capacity = capacity
        block = .allocate(byteCount: capacity, alignment: 64)
    }

    deinit {
        block.deallocate()
        for p in overflow { p.deallocate() }
    }

    /// Bytes the arena holds now (its block and any overflow).
    var footprint: Int { capacity }

    /// `count` bytes, 64-byte aligned, valid until released or until the frame ends.
    func allocate(_ count: Int) -> UnsafeMutableRawPointer {
        let size = (max(count, 1) + 63) & ~63
        highWater = max(highWater, used + size)
        guard used + size <= capacity else {
            let p = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 64)
            overflow.append(p)
            used += size
            return p
        }
        let p = block + used
        used += size
        return p
    }

    /// Where allocation stands, to release back to.
    var mark: Int { used }

    /// Frees what was allocated after `mark` (memory of its own waits for the frame's end).
    func release(to mark: Int) { used = mark }

    /// A transparent picture of `width` x `height`.
    func picture(width: Int, height: Int) -> PixelBuffer {
        let bytes = PixelBuffer.stride(forWidth: width) * height
        let memory = allocate(bytes)
        memory.initializeMemory(as: UInt8.self, repeating: 0, count: bytes)
        return PixelBuffer(width: width, height: height, borrowing: memory)
    }

    /// An all-outside coverage mask over `region`.
    func mask(_ region: PixelRect) -> CoverageMask {
        CoverageMask(region: region, borrowing: allocate(CoverageMask.byteCount(region)))
    }

    /// Ends a frame: frees overflow memory and grows the block to what the frame needed.
    func endFrame() {
        for p in overflow { p.deallocate() }
        overflow.removeAll(keepingCapacity: true)
        if highWater > capacity {
            block.deallocate()
            capacity = highWater
            block = .allocate(byteCount: capacity, alignment: 64)
        }
        used = 0
        highWater = 0
    }
}
