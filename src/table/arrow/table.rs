//! A table being built: its column list, one builder per column, and the
//! rows appended so far, taken as an Arrow record batch.

use super::columns::{Builder, Cell, Column};
use crate::error::Error;
use arrow_array::RecordBatch;
use arrow_schema::{Schema, SchemaRef};
use std::sync::Arc;

/// The Arrow schema of a column list.
pub fn schema(columns: &[Column]) -> SchemaRef {
    Arc::new(Schema::new(
        columns.iter().map(Column::field).collect::<Vec<_>>(),
    ))
}

/// Rows appended a row at a time, taken as record batches.
pub(super) struct Table {
    schema: SchemaRef,
    builders: Vec<Builder>,
    rows: usize,
}

impl Table {
    /// An empty table of `columns`.
    pub(super) fn new(columns: &[Column]) -> Table {
        Table {
            schema: schema(columns),
            builders: columns.iter().map(|c| Builder::new(c.kind)).collect(),
            rows: 0,
        }
    }

    /// The table's schema.
    pub(super) fn schema(&self) -> SchemaRef {
        self.schema.clone()
    }

    /// Rows appended since the last batch was taken.
    pub(super) fn rows(&self) -> usize {
        self.rows
    }

    /// Appends a row: one cell per column, in order.
    pub(super) fn push(&mut self, cells: &[Cell<'_>]) {
        for (b, cell) in self.builders.iter_mut().zip(cells) {
            b.push(cell);
        }
        self.rows += 1;
    }

    /// The rows appended so far as one batch; the table is empty again.
    pub(super) fn take(&mut self) -> Result<RecordBatch, Error> {
        let arrays = self.builders.iter_mut().map(Builder::finish).collect();
        self.rows = 0;
        RecordBatch::try_new(self.schema.clone(), arrays)
            .map_err(|e| Error::Io(std::io::Error::other(e)))
    }
}
