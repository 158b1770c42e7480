//! AdamW over the flat parameter vector.

/// Optimiser state and its constants.
pub struct AdamW {
    m: Vec<f32>,
    v: Vec<f32>,
    step: i32,
    pub beta1: f32,
    pub beta2: f32,
    pub epsilon: f32,
    pub weight_decay: f32,
    /// Per-parameter multipliers of the learning rate (`None`: all 1), so
    /// that the neurons a widened network adds can learn faster than the
    /// ones it inherits.
    pub lr_scale: Option<Vec<f32>>,
}

impl AdamW {
    pub fn new(len: usize) -> AdamW {
        AdamW {
            m: vec![0.0; len],
            v: vec![0.0; len],
            step: 0,
            beta1: 0.9,
            beta2: 0.999,
            epsilon: 1e-8,
            weight_decay: 0.01,
            lr_scale: None,
        }
    }

    /// One step along the (mean) gradient `g` with learning rate `lr`.
    pub fn step(&mut self, p: &mut [f32], g: &[f32], lr: f32) {
        self.step += 1;
        let c1 = 1.0 - self.beta1.powi(self.step);
        let c2 = 1.0 - self.beta2.powi(self.step);
        let (b1, b2, eps, decay) = (self.beta1, self.beta2, self.epsilon, self.weight_decay);
        let update = |w: &mut f32, g: f32, m: &mut f32, v: &mut f32, lr: f32| {
            *m = b1 * *m + (1.0 - b1) * g;
            *v = b2 * *v + (1.0 - b2) * g * g;
            *w -= lr * ((*m / c1) / ((*v / c2).sqrt() + eps) + decay * *w);
        };
        let moments = p.iter_mut().zip(g).zip(&mut self.m).zip(&mut self.v);
        match &self.lr_scale {
            None => moments.for_each(|(((w, &g), m), v)| update(w, g, m, v, lr)),
            Some(scale) => moments.zip(scale).for_each(|((((w, &g), m), v), &k)| update(w, g, m, v, lr * k)),
        }
    }
}
