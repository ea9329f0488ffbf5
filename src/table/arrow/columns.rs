//! Typed columns built a value at a time: one Arrow builder per column
//! kind, so that a table's column list alone decides its schema and its
//! arrays.

use arrow_array::builder::{
    BooleanBuilder, Date32Builder, Float64Builder, Int64Builder, ListBuilder, StringBuilder,
    UInt16Builder, UInt32Builder, UInt64Builder,
};
use arrow_array::ArrayRef;
use arrow_schema::{DataType, Field};
use std::sync::Arc;

/// What a column holds, as Arrow (and Parquet) types it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `UInt64`.
    U64,
    /// `UInt32`.
    U32,
    /// `UInt16`.
    U16,
    /// `Int64`.
    I64,
    /// `Float64`.
    F64,
    /// `Boolean`.
    Bool,
    /// `Utf8`.
    Text,
    /// `Date32` (days since 1970-01-01; Parquet `DATE`).
    Date,
    /// `List<UInt32>`.
    U32List,
}

impl Kind {
    /// The Arrow type.
    pub fn data_type(self) -> DataType {
        match self {
            Kind::U64 => DataType::UInt64,
            Kind::U32 => DataType::UInt32,
            Kind::U16 => DataType::UInt16,
            Kind::I64 => DataType::Int64,
            Kind::F64 => DataType::Float64,
            Kind::Bool => DataType::Boolean,
            Kind::Text => DataType::Utf8,
            Kind::Date => DataType::Date32,
            Kind::U32List => DataType::List(Arc::new(Field::new("item", DataType::UInt32, true))),
        }
    }
}

/// One column of a table: its name, kind, whether it may hold nulls, and
/// what it means (for the schema's documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Column {
    /// The column's name (snake_case).
    pub name: &'static str,
    /// Its type.
    pub kind: Kind,
    /// It may hold nulls (absent values).
    pub nullable: bool,
    /// One line on what it holds.
    pub doc: &'static str,
}

impl Column {
    /// The Arrow field.
    pub fn field(&self) -> Field {
        Field::new(self.name, self.kind.data_type(), self.nullable)
    }
}

/// One value of a row, for the column of its kind (`None`: null).
#[derive(Clone, Debug, PartialEq)]
pub enum Cell<'a> {
    /// A whole number (any of the integer kinds).
    Int(Option<i128>),
    /// A real number.
    Float(Option<f64>),
    /// A truth value.
    Bool(Option<bool>),
    /// Text.
    Text(Option<&'a str>),
    /// Days since 1970-01-01.
    Date(Option<i32>),
    /// A list of small numbers.
    List(&'a [u32]),
}

/// The builder of one column.
pub(super) enum Builder {
    U64(UInt64Builder),
    U32(UInt32Builder),
    U16(UInt16Builder),
    I64(Int64Builder),
    F64(Float64Builder),
    Bool(BooleanBuilder),
    Text(StringBuilder),
    Date(Date32Builder),
    U32List(ListBuilder<UInt32Builder>),
}

impl Builder {
    /// An empty builder for a column of `kind`.
    pub(super) fn new(kind: Kind) -> Builder {
        match kind {
            Kind::U64 => Builder::U64(UInt64Builder::new()),
            Kind::U32 => Builder::U32(UInt32Builder::new()),
            Kind::U16 => Builder::U16(UInt16Builder::new()),
            Kind::I64 => Builder::I64(Int64Builder::new()),
            Kind::F64 => Builder::F64(Float64Builder::new()),
            Kind::Bool => Builder::Bool(BooleanBuilder::new()),
            Kind::Text => Builder::Text(StringBuilder::new()),
            Kind::Date => Builder::Date(Date32Builder::new()),
            Kind::U32List => Builder::U32List(ListBuilder::new(UInt32Builder::new())),
        }
    }

    /// Appends `cell`; a cell of another kind, or a number the column's
    /// type cannot hold, appends a null.
    pub(super) fn push(&mut self, cell: &Cell<'_>) {
        let int = match cell {
            Cell::Int(n) => *n,
            _ => None,
        };
        match (self, cell) {
            (Builder::U64(b), _) => b.append_option(int.and_then(|n| u64::try_from(n).ok())),
            (Builder::U32(b), _) => b.append_option(int.and_then(|n| u32::try_from(n).ok())),
            (Builder::U16(b), _) => b.append_option(int.and_then(|n| u16::try_from(n).ok())),
            (Builder::I64(b), _) => b.append_option(int.and_then(|n| i64::try_from(n).ok())),
            (Builder::F64(b), Cell::Float(x)) => b.append_option(*x),
            (Builder::Bool(b), Cell::Bool(x)) => b.append_option(*x),
            (Builder::Text(b), Cell::Text(x)) => b.append_option(*x),
            (Builder::Date(b), Cell::Date(x)) => b.append_option(*x),
            (Builder::U32List(b), Cell::List(xs)) => {
                b.values().append_slice(xs);
                b.append(true);
            }
            (Builder::F64(b), _) => b.append_null(),
            (Builder::Bool(b), _) => b.append_null(),
            (Builder::Text(b), _) => b.append_null(),
            (Builder::Date(b), _) => b.append_null(),
            (Builder::U32List(b), _) => b.append(false),
        }
    }

    /// The column's array so far; the builder is empty again.
    pub(super) fn finish(&mut self) -> ArrayRef {
        match self {
            Builder::U64(b) => Arc::new(b.finish()),
            Builder::U32(b) => Arc::new(b.finish()),
            Builder::U16(b) => Arc::new(b.finish()),
            Builder::I64(b) => Arc::new(b.finish()),
            Builder::F64(b) => Arc::new(b.finish()),
            Builder::Bool(b) => Arc::new(b.finish()),
            Builder::Text(b) => Arc::new(b.finish()),
            Builder::Date(b) => Arc::new(b.finish()),
            Builder::U32List(b) => Arc::new(b.finish()),
        }
    }
}
