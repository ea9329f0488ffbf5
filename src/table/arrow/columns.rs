//! A column's Arrow type and its builder: one builder per
//! [`ColumnType`], filled a [`Cell`] at a time.

use crate::table::{Cell, Column, ColumnType};
use arrow_array::builder::{
    BooleanBuilder, Date32Builder, Float64Builder, Int64Builder, ListBuilder, StringBuilder,
    UInt32Builder,
};
use arrow_array::ArrayRef;
use arrow_schema::{DataType, Field};
use std::sync::Arc;

/// The Arrow type of a column of `ty`: `Int64`, `Float64`, `Utf8`,
/// `Date32`, `List<Utf8>`, `Boolean`, `List<UInt32>`.
pub fn data_type(ty: ColumnType) -> DataType {
    let list = |t: DataType| DataType::List(Arc::new(Field::new("item", t, true)));
    match ty {
        ColumnType::Int => DataType::Int64,
        ColumnType::Real => DataType::Float64,
        ColumnType::Text => DataType::Utf8,
        ColumnType::Date => DataType::Date32,
        ColumnType::TextList => list(DataType::Utf8),
        ColumnType::Bool => DataType::Boolean,
        ColumnType::IntList => list(DataType::UInt32),
    }
}

/// The Arrow field of `column`.
pub fn field(column: &Column) -> Field {
    Field::new(column.name, data_type(column.ty), column.nullable)
}

/// The builder of one column.
pub(super) enum Builder {
    Int(Int64Builder),
    Real(Float64Builder),
    Text(StringBuilder),
    Date(Date32Builder),
    TextList(ListBuilder<StringBuilder>),
    Bool(BooleanBuilder),
    IntList(ListBuilder<UInt32Builder>),
}

impl Builder {
    /// An empty builder for a column of `ty`.
    pub(super) fn new(ty: ColumnType) -> Builder {
        match ty {
            ColumnType::Int => Builder::Int(Int64Builder::new()),
            ColumnType::Real => Builder::Real(Float64Builder::new()),
            ColumnType::Text => Builder::Text(StringBuilder::new()),
            ColumnType::Date => Builder::Date(Date32Builder::new()),
            ColumnType::TextList => Builder::TextList(ListBuilder::new(StringBuilder::new())),
            ColumnType::Bool => Builder::Bool(BooleanBuilder::new()),
            ColumnType::IntList => Builder::IntList(ListBuilder::new(UInt32Builder::new())),
        }
    }

    /// Appends `cell`; a null, or a cell of another type, appends a null
    /// (a date out of `Date32`'s range too).
    pub(super) fn push(&mut self, cell: &Cell<'_>) {
        match (self, cell) {
            (Builder::Int(b), Cell::Int(n)) => b.append_value(*n),
            (Builder::Real(b), Cell::Real(x)) => b.append_value(*x),
            (Builder::Text(b), Cell::Text(t)) => b.append_value(t),
            (Builder::Date(b), Cell::Date(d)) => {
                b.append_option(i32::try_from(d.days_since_epoch()).ok())
            }
            (Builder::TextList(b), Cell::TextList(ts)) => {
                for t in *ts {
                    b.values().append_value(t);
                }
                b.append(true);
            }
            (Builder::Bool(b), Cell::Bool(v)) => b.append_value(*v),
            (Builder::IntList(b), Cell::IntList(ns)) => {
                b.values().append_slice(ns);
                b.append(true);
            }
            (b, _) => b.push_null(),
        }
    }

    /// Appends a null.
    fn push_null(&mut self) {
        match self {
            Builder::Int(b) => b.append_null(),
            Builder::Real(b) => b.append_null(),
            Builder::Text(b) => b.append_null(),
            Builder::Date(b) => b.append_null(),
            Builder::TextList(b) => b.append(false),
            Builder::Bool(b) => b.append_null(),
            Builder::IntList(b) => b.append(false),
        }
    }

    /// The column's array so far; the builder is empty again.
    pub(super) fn finish(&mut self) -> ArrayRef {
        match self {
            Builder::Int(b) => Arc::new(b.finish()),
            Builder::Real(b) => Arc::new(b.finish()),
            Builder::Text(b) => Arc::new(b.finish()),
            Builder::Date(b) => Arc::new(b.finish()),
            Builder::TextList(b) => Arc::new(b.finish()),
            Builder::Bool(b) => Arc::new(b.finish()),
            Builder::IntList(b) => Arc::new(b.finish()),
        }
    }
}
