//! A tiny deterministic PRNG (splitmix64), so test runs are reproducible
//! from one printed seed without a `rand` dependency.

/// splitmix64 (Steele, Lea, Flood 2014; the seeder of xoshiro).
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed; equal seeds give equal streams.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// A generator for one labelled sub-stream (a revision, a case), so a
    /// case can be replayed without replaying the cases before it.
    pub fn derive(seed: u64, label: &str, index: u64) -> Rng {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325; // FNV-1a over the label
        for b in label.bytes() {
            h = (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
        }
        let mut r = Rng(seed ^ h);
        let a = r.next_u64();
        Rng(a ^ index.wrapping_mul(0x9e37_79b9_7f4a_7c15))
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (`n > 0`; the modulo bias is irrelevant here).
    pub fn below(&mut self, n: usize) -> usize {
        assert!(n > 0, "below(0)");
        (self.next_u64() % n as u64) as usize
    }

    /// True with probability `num/den`.
    pub fn chance(&mut self, num: u32, den: u32) -> bool {
        self.next_u64() % u64::from(den) < u64::from(num)
    }

    /// A uniformly chosen element (`items` non-empty).
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn is_deterministic_and_spread() {
        let a: Vec<u64> = (0..4).map(|_| Rng::new(7).next_u64()).collect();
        assert!(a.windows(2).all(|w| w[0] == w[1]));
        let mut r = Rng::new(7);
        let mut seen = [0usize; 4];
        for _ in 0..4000 {
            seen[r.below(4)] += 1;
        }
        assert!(seen.iter().all(|&n| n > 800), "{seen:?}");
        assert_ne!(
            Rng::derive(1, "draft", 0).next_u64(),
            Rng::derive(1, "draft", 1).next_u64()
        );
    }
}
