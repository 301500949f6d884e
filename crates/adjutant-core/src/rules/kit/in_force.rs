//! The tables a system reads, held one way by every system: the shipped ones, made once and
//! shared, unless a player's table file (or a test) put others in force. A system holds
//! nothing else, so each system *is* its tables in force: `InForce<ItsTables>`, its
//! `SYSTEM` static [`InForce::shipped`] and [`InForce::with_tables`] for others. A procedure
//! that outlives the call that made it keeps the tables by [`InForce::tables_in_force`], a
//! count on the same tables, never a copy or a reference that has to live for the whole run.

use std::sync::{Arc, LazyLock};

/// The shipped tables of a system, made on first use.
pub type Shipped<T> = LazyLock<Arc<T>>;

/// A system's tables, which it ships.
pub trait Shipping: Sized + 'static {
    /// The shipped tables, made on first use.
    const SHIPPED: &'static Shipped<Self>;
}

/// The tables in force for one instance of a system (and so the system itself).
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

impl<T: Shipping> InForce<T> {
    /// The shipped tables (usable in a `static` system).
    pub(crate) const fn shipped() -> InForce<T> {
        InForce {
            own: None,
            shipped: T::SHIPPED,
        }
    }

    /// Other tables in force in place of the shipped ones (a player's table file, an option
    /// switched, a test).
    pub fn with_tables(tables: T) -> InForce<T> {
        InForce {
            own: Some(Arc::new(tables)),
            shipped: T::SHIPPED,
        }
    }
}

impl<T: 'static> InForce<T> {
    /// The tables in force, to read.
    pub(crate) fn data(&self) -> &T {
        self.own.as_deref().unwrap_or(self.shipped)
    }

    /// The tables in force, to keep (a procedure holding them past the call).
    pub fn tables_in_force(&self) -> Arc<T> {
        self.own.clone().unwrap_or_else(|| Arc::clone(self.shipped))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Numbers(Vec<u8>);

    static NUMBERS: Shipped<Numbers> = LazyLock::new(|| Arc::new(Numbers(vec![1, 2])));

    impl Shipping for Numbers {
        const SHIPPED: &'static Shipped<Numbers> = &NUMBERS;
    }

    #[test]
    fn shipped_tables_are_shared_and_own_tables_replace_them() {
        let shipped = InForce::<Numbers>::shipped();
        assert_eq!(shipped.data().0, [1, 2]);
        assert!(Arc::ptr_eq(
            &shipped.tables_in_force(),
            &InForce::<Numbers>::shipped().tables_in_force()
        ));
        let own = InForce::with_tables(Numbers(vec![3]));
        assert_eq!(own.data().0, [3]);
        assert_eq!(own.tables_in_force().0, [3]);
    }
}
