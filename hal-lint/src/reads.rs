//! A read of the environment by a name the linters resolve (JavaScript and Python): a
//! literal or a constant, each name of a list a loop gives, or a table's names (issue
//! 47). Apart from `ts` so that the guards it asks (`guard`) may build on `ts`.

use tree_sitter::Node;

use crate::ts::{Placed, Scope};

impl Scope<'_, '_> {
    /// A read of the variable(s) `index` names: a literal or a constant; or each name of
    /// `list` (the list `index` stands for), at its place in the list, whether it decides
    /// being this place's (`const value = process.env[v]; return value !== undefined`);
    /// or, where no list gives a name, the names of a table a lookup reads.
    pub(crate) fn read(&mut self, index: Node<'_>, decides: bool, list: Option<Placed<'_>>) {
        if let Some(name) = self.value(index) {
            if !crate::guard::branch_uses(self.p.src, self.walk, index, &name)
                && !crate::guard::passed_on(self.p.src, self.walk, index, &name)
            {
                self.lint.hits.extend(self.p.var_read(index, &name, decides));
            }
            return;
        }
        let before = self.lint.hits.len();
        let list = list.unwrap_or_default();
        let copying = || crate::guard::in_a_copying_loop(self.p.src, self.walk, index);
        let decides = decides || (!list.is_empty() && self.p.stored_then_decides(index) && !copying());
        // The lookup's own test (not a later one of a stored value), its branch not
        // using the value ([`crate::ts::Parsed::runtime_s_table_name`]).
        let tested =
            decides && !crate::guard::branch_uses(self.p.src, self.walk, index, self.text(index)) && !copying();
        for (at, name) in list {
            let hit = self
                .p
                .var_read(at, &name, decides)
                .or_else(|| self.p.runtime_s_table_name(at, &name, tested))
                .or_else(|| self.p.predicate_table_name(index, at, &name, tested));
            self.lint.hits.extend(hit);
        }
        // A name no list of variables stands for (or one whose list names none): a
        // table's names read through it.
        if self.lint.hits.len() == before
            && !crate::guard::is_written(self.walk, index)
            && !crate::guard::passed_on(self.p.src, self.walk, index, self.text(index))
            && !copying()
        {
            self.table_reads(index, tested);
        }
    }
}
