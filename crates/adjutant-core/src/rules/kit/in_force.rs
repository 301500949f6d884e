//! The tables a system reads, held one way by every system: the shipped ones, made once and
//! shared, unless a player's table file (or a test) put others in force. A procedure that
//! outlives the call that made it keeps the tables by [`InForce::shared`], a count on the
//! same tables, never a copy or a reference that has to live for the whole run.

use std::sync::{Arc, LazyLock};

/// The shipped tables of a system, made on first use.
pub type Shipped<T> = LazyLock<Arc<T>>;

/// The tables in force for one instance of a system.
pub struct InForce<T: 'static> {
    own: Option<Arc<T>>,
    shipped: &'static Shipped<T>,
}

impl<T: 'static> Clone for InForce<T> {
    fn clone(&self) -> Self {
        InForce {
            own: self.own.clone(),
            shipped: self.shipped,
        }
    }
}

impl<T: 'static> InForce<T> {
    /// The shipped tables (usable in a `static` system).
    pub const fn shipped(shipped: &'static Shipped<T>) -> InForce<T> {
        InForce { own: None, shipped }
    }

    /// Other tables in force in place of `shipped`.
    pub fn own(shipped: &'static Shipped<T>, tables: T) -> InForce<T> {
        InForce {
            own: Some(Arc::new(tables)),
            shipped,
        }
    }

    /// The tables in force, to read.
    pub fn get(&self) -> &T {
        self.own.as_deref().unwrap_or(self.shipped)
    }

    /// The tables in force, to keep (a procedure holding them past the call).
    pub fn shared(&self) -> Arc<T> {
        self.own.clone().unwrap_or_else(|| Arc::clone(self.shipped))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    static NUMBERS: Shipped<Vec<u8>> = LazyLock::new(|| Arc::new(vec![1, 2]));

    #[test]
    fn shipped_tables_are_shared_and_own_tables_replace_them() {
        let shipped = InForce::shipped(&NUMBERS);
        assert_eq!(shipped.get(), &[1, 2]);
        assert!(Arc::ptr_eq(
            &shipped.shared(),
            &InForce::shipped(&NUMBERS).shared()
        ));
        let own = InForce::own(&NUMBERS, vec![3]);
        assert_eq!(own.get(), &[3]);
        assert_eq!(*own.shared(), vec![3]);
    }
}
