//! CSV move lists: one row per move of the main line (every node with
//! `--all-variations`), and with `--games-csv FILE` one row per game with
//! its game info. What the format is: `formats/csv.md`.
//!
//! The main-line writer streams: each row goes out when its node is
//! complete, and only the root's properties are held (for the games list).
//! `--all-variations` holds one game at a time. The reader reads a move list
//! (or a games list) back into games, one at a time.
//!
//! * [`writer`] (`writer.rs`; the streaming main line in `main_line.rs`,
//!   the rows of both lists in `rows.rs`);
//! * [`read_from`] (`reader.rs`).

pub mod codes;
mod cuts;
mod lists;
mod main_line;
mod out;
mod reader;
mod rows;
mod tree;
mod writer;

pub use cuts::cuts;
pub use reader::read_from;
pub use writer::writer;

/// A CSV move list or games list: the header row names our columns.
pub fn sniff(head: &[u8]) -> bool {
    let head = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
    let first = head.split(|&b| b == b'\n').next().unwrap_or(&[]);
    let line = String::from_utf8_lossy(first);
    let cols: Vec<&str> = line.trim_end_matches('\r').split(',').collect();
    cols.first() == Some(&"game") && (cols.contains(&"color") || cols.contains(&"black"))
}

#[cfg(test)]
mod tests {
    use super::codes::*;
    use super::*;
    use crate::diag::Reporter;
    use crate::error::Error;
    use crate::event::{Event, GameHeader, MovesBuf, Pos, PropertyBuf, MOVE_TEXT_LEN};
    use crate::formats::structured::testing;
    use crate::game::Game;
    use crate::options::{Coords, ReadOptions, WriteOptions};
    use crate::sink::Sink;

    /// The whole input read as Csv (through the registry's row).
    fn read(
        input: &mut dyn std::io::Read,
        options: &crate::options::ReadOptions,
        sink: &mut dyn crate::sink::Sink,
        report: &mut crate::diag::Reporter,
    ) -> Result<(), crate::error::Error> {
        crate::formats::read(crate::formats::Format::Csv, input, options, sink, report)
    }

    fn sample() -> Game {
        let mut g = Game::default();
        g.root_mut().set("SZ", "19");
        g.root_mut().set("PB", "Black, \"B\"");
        g.root_mut().set("KM", "6.5");
        g.root_mut().add("AB", "dd");
        g.root_mut().set("C", "root comment");
        let a = g.add_child(0);
        g.node_mut(a).set("W", "pd");
        g.node_mut(a).set("WL", "59.5");
        g.node_mut(a).set("C", "line one\nline two, with comma");
        let b = g.add_child(a);
        g.node_mut(b).set("B", "");
        let v = g.add_child(a);
        g.node_mut(v).set("B", "qq");
        g.node_mut(v).set("LB", "qq:A");
        let c = g.add_child(b);
        g.node_mut(c).set("W", "tt");
        g
    }

    fn to_csv(g: &Game, options: &WriteOptions) -> (String, Reporter) {
        testing::write(writer, std::slice::from_ref(g), options, "in.sgf")
    }

    #[test]
    fn main_line_rows_with_every_coordinate() {
        let (csv, r) = to_csv(&sample(), &WriteOptions::default());
        pretty_assertions::assert_eq!(
            csv,
            "game,move,color,sgf,gtp,x,y,pass,time_left,comment\n\
             0,1,W,pd,Q16,15,3,0,59.5,\"line one\nline two, with comma\"\n\
             0,2,B,,pass,,,1,,\n\
             0,3,W,,pass,,,1,,\n"
        );
        let d = &r.collected()[0];
        assert_eq!(d.code, CSV_NOT_CARRIED);
        assert!(
            d.message.contains("variation nodes ×1") && d.message.contains("PB ×1"),
            "{}",
            d.message
        );
        assert!(
            !d.message.contains("LB"),
            "LB is off the main line: counted as a variation node"
        );
    }

    #[test]
    fn coords_choose_the_columns() {
        let opts = WriteOptions {
            coords: Some(Coords::Gtp),
            ..Default::default()
        };
        let (csv, _) = to_csv(&sample(), &opts);
        assert!(csv.starts_with("game,move,color,gtp,size,pass,time_left,comment\n0,1,W,Q16,19,0,"));
        let opts = WriteOptions {
            coords: Some(Coords::Numeric),
            ..Default::default()
        };
        let (csv, _) = to_csv(&sample(), &opts);
        assert!(csv.starts_with("game,move,color,x,y,pass,time_left,comment\n0,1,W,15,3,0,"));
    }

    #[test]
    fn all_variations_have_paths_and_read_back_as_the_same_tree() {
        let opts = WriteOptions {
            all_variations: true,
            ..Default::default()
        };
        let (csv, _) = to_csv(&sample(), &opts);
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(
            lines[0],
            "game,node,parent,path,move,color,sgf,gtp,x,y,pass,time_left,comment"
        );
        assert_eq!(lines[1], "0,0,,,,,,,,,,,root comment");
        // Node 1's comment spans two lines (a quoted field).
        assert_eq!(lines[5], "0,3,2,0,3,W,,pass,,,1,,");
        assert_eq!(lines[6], "0,4,1,1,2,B,qq,R3,16,16,0,,");
        let (games, _) = testing::read_games(read, &csv, "t");
        let g = &games[0];
        assert_eq!(g.len(), 5);
        assert_eq!(g.root().text("C"), Some("root comment"));
        assert_eq!(g.node(1).children().collect::<Vec<_>>(), vec![2, 4]);
        assert_eq!(g.node(4).mv(), Some(('B', "qq")));
        assert_eq!(g.node(3).mv(), Some(('W', "")));
    }

    #[test]
    fn main_line_reads_back() {
        let (csv, _) = to_csv(&sample(), &WriteOptions::default());
        let (games, r) = testing::read_games(read, &csv, "t");
        let g = &games[0];
        let moves: Vec<_> = g
            .main_line()
            .iter()
            .filter_map(|&i| g.node(i).mv())
            .collect();
        assert_eq!(moves, vec![('W', "pd"), ('B', ""), ('W', "")]);
        assert_eq!(g.node(1).text("WL"), Some("59.5"));
        assert_eq!(g.node(1).text("C"), Some("line one\nline two, with comma"));
        assert_eq!(r.warnings(), 0);
    }

    #[test]
    fn games_list_beside_the_moves() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("games.csv");
        let opts = WriteOptions {
            games_csv: Some(path.clone()),
            ..Default::default()
        };
        let (_, r) = to_csv(&sample(), &opts);
        let games = std::fs::read_to_string(&path).unwrap();
        pretty_assertions::assert_eq!(
            games,
            "game,file,index,encoding,format,size,width,height,komi,handicap,rules,black,black_rank,black_rank_number,white,white_rank,white_rank_number,result,winner,margin,win_reason,date,day,year,event,round,place,first_player,setup_b,setup_w,moves,main_time,overtime,overtime_system,overtime_periods,overtime_seconds,overtime_moves,overtime_settings,persons\n\
             0,in.sgf,0,UTF-8,,19,19,19,6.5,,,\"Black, \"\"B\"\"\",,,,,,,,,,,,,,,,,dd,,3,,,,,,,,\n"
        );
        // The game info went to the games list: only the root comment and the variation are lost.
        assert!(!r.collected()[0].message.contains("PB"));
        // A games list reads back as games with their info.
        let (back, _) = testing::read_games(read, &games, "t");
        assert_eq!(back[0].root().text("PB"), Some("Black, \"B\""));
        assert_eq!(back[0].root().text("AB"), Some("dd"));
    }

    /// Setup points read back apart by blanks, as the games list writes
    /// them, and run together, as lists written before it did.
    #[test]
    fn setup_points_read_back() {
        for list in ["dd pp pd", "ddpppd"] {
            let csv = format!("game,black,setup_b\n0,B,{list}\n");
            let (games, _) = testing::read_games(read, &csv, "t");
            let ab = games[0].root().get("AB").map(|p| {
                p.values()
                    .iter()
                    .map(|v| v.text().to_string())
                    .collect::<Vec<_>>()
            });
            assert_eq!(
                ab.as_deref(),
                Some(&["dd", "pp", "pd"].map(String::from)[..]),
                "{list}"
            );
        }
    }

    /// One step of a hand-made event stream: runs of plain moves among
    /// single nodes, variations, properties after a run.
    enum Op {
        Start,
        Node(&'static [(&'static str, &'static str)]),
        Prop(&'static str, &'static str),
        Run(&'static [&'static str]),
        Open,
        Close,
        End,
    }

    /// Only `Sink::event`: nodes and runs arrive as their events.
    struct Events<S>(S);

    impl<S: Sink> Sink for Events<S> {
        fn event(&mut self, e: &Event<'_>, r: &mut Reporter) -> Result<(), Error> {
            self.0.event(e, r)
        }
        fn finish(&mut self, r: &mut Reporter) -> Result<(), Error> {
            self.0.finish(r)
        }
    }

    fn drive(sink: &mut dyn Sink, ops: &[Op], r: &mut Reporter) {
        let pos = Pos::default();
        let header = GameHeader::new(0);
        for op in ops {
            match op {
                Op::Start => sink.event(&Event::GameStart(&header), r),
                Op::Node(props) => sink.event(&Event::Node(pos), r).and_then(|()| {
                    props.iter().try_for_each(|(name, value)| {
                        let p = PropertyBuf::with_values(*name, &[*value]);
                        sink.event(&Event::Property(p.as_property()), r)
                    })
                }),
                Op::Prop(name, value) => {
                    let p = PropertyBuf::with_values(*name, &[*value]);
                    sink.event(&Event::Property(p.as_property()), r)
                }
                Op::Run(texts) => {
                    let mut run = MovesBuf::default();
                    for t in *texts {
                        let bytes = <[u8; MOVE_TEXT_LEN]>::try_from(t.as_bytes()).unwrap();
                        assert!(run.push(bytes, pos), "{t} is a plain move");
                    }
                    sink.moves(&run.as_moves(), r)
                }
                Op::Open => sink.event(&Event::VariationStart(pos), r),
                Op::Close => sink.event(&Event::VariationEnd(pos), r),
                Op::End => sink.event(&Event::GameEnd(pos), r),
            }
            .unwrap();
        }
        sink.finish(r).unwrap();
    }

    #[test]
    fn runs_of_plain_moves_write_what_their_events_write() {
        use Op::*;
        let ops = [
            Start,
            Node(&[("SZ", "19"), ("PB", "=x"), ("C", "root")]),
            Run(&[";B[pd]", ";W[dd]", ";B[qq]"]),
            Prop("C", "after, the run"),
            Prop("WL", "12"),
            Open,
            Run(&[";W[aa]", ";B[bb]"]),
            Close,
            Open,
            Node(&[("W", "cc"), ("WL", "30"), ("LB", "cc:A")]),
            Run(&[";B[ee]"]),
            Node(&[("B", "")]),
            Run(&[";W[ff]", ";B[gg]", ";W[hh]"]),
            Close,
            End,
            // A game whose root is a move, on another board size.
            Start,
            Run(&[";B[aa]", ";W[zz]", ";B[ab]"]),
            Open,
            Run(&[";W[ss]"]),
            Close,
            Open,
            Run(&[";W[sa]", ";B[as]"]),
            Close,
            End,
            Start,
            Node(&[("SZ", "9:13")]),
            Run(&[";B[aa]", ";W[im]", ";B[hh]"]),
            End,
        ];
        for all_variations in [false, true] {
            for coords in [Coords::Sgf, Coords::Gtp, Coords::Numeric] {
                for csv_safe in [false, true] {
                    let opts = WriteOptions {
                        all_variations,
                        coords: Some(coords),
                        csv_safe,
                        ..Default::default()
                    };
                    let mut runs = (Vec::new(), Reporter::collecting("t"));
                    let mut events = (Vec::new(), Reporter::collecting("t"));
                    drive(
                        &mut writer(Box::new(&mut runs.0), &opts).unwrap(),
                        &ops,
                        &mut runs.1,
                    );
                    let mut w = Events(writer(Box::new(&mut events.0), &opts).unwrap());
                    drive(&mut w, &ops, &mut events.1);
                    drop(w);
                    let what = format!("{all_variations} {coords:?} {csv_safe}");
                    assert_eq!(
                        String::from_utf8_lossy(&runs.0),
                        String::from_utf8_lossy(&events.0),
                        "{what}"
                    );
                    assert!(runs.0.len() > 200, "{what}");
                    let said = |r: &Reporter| -> Vec<String> {
                        r.collected().iter().map(|d| d.message.clone()).collect()
                    };
                    assert_eq!(said(&runs.1), said(&events.1), "{what}");
                    assert!(runs.1.collected().len() >= 2, "{what}");
                }
            }
        }
    }

    #[test]
    fn hand_written_lists_and_bad_rows() {
        let csv = "game,color,gtp\n1,B,D4\n1,X,D5\n1,W,Z99\n2,W,pass\n";
        let (games, mut r) = testing::read_games(read, csv, "t");
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].node(1).mv(), Some(('B', "dp")));
        assert_eq!(games[0].len(), 2);
        assert_eq!(games[1].node(1).mv(), Some(('W', "")));
        let codes: Vec<_> = r
            .collected()
            .iter()
            .map(|d| (d.code.id, d.pos.map(|p| p.line)))
            .collect();
        assert_eq!(codes, vec![("W373", Some(3)), ("W373", Some(4))]);
        assert!(read(
            &mut &b"a,b\n1,2\n"[..],
            &ReadOptions::default(),
            &mut crate::sink::Counter::default(),
            &mut r
        )
        .is_err());
        assert!(sniff(b"game,move,color,sgf\n"));
        assert!(!sniff(b"(;GM[1])"));
    }
}
