//! The summary a census of boards prints (what it finds by size), against published facts
//! and against the CSV the same run writes.

use crate::common;

use common::cli::{run_job, stderr, write_job};

/// The summary's table as rows of cells, keyed by size.
fn table(summary: &str) -> Vec<Vec<String>> {
    summary
        .lines()
        .skip_while(|l| !l.starts_with("what the new rows hold"))
        .skip(2)
        .take_while(|l| !l.starts_with("the first row"))
        .map(|l| l.split("  ").map(|c| c.trim().to_string()).filter(|c| !c.is_empty()).collect())
        .collect()
}

#[test]
fn domineering_census_summary_states_what_the_boards_hold() {
    let dir = tempfile::tempdir().unwrap();
    let job = write_job(
        dir.path(),
        "d8",
        "name = \"d8\"\nrules = \"domineering\"\nmin_size = 1\nmax_size = 8\n",
    );
    let out = dir.path().join("d8.csv");
    let o = run_job(&job, out.to_str().unwrap(), &["--quiet"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stderr(&o);
    let rows = table(&text);
    // cells rows values L R N P nimbers ups hottest rows first.
    let sizes: Vec<&str> = rows.iter().map(|r| r[0].as_str()).collect();
    assert_eq!(sizes, ["1", "2", "3", "4", "5", "6", "7", "8"], "{text}");
    // Boards up to the reflections and the half turn: OEIS A056780.
    let counts: Vec<&str> = rows.iter().map(|r| r[1].as_str()).collect();
    assert_eq!(counts, ["1", "2", "3", "9", "21", "68", "208", "730"]);
    for r in &rows {
        // A quarter turn negates a Domineering value (Winning Ways ch. 5) and maps the
        // boards of a size onto themselves: as many Left wins as Right wins.
        assert_eq!(r[3], r[4], "{r:?}");
    }
    // The L tromino is * (Winning Ways ch. 5, Lessons in Play): * from 3 cells; the 2x2
    // square is ±1, the hottest board of 4 cells; ↑ first at 6 cells and ↑* at 8, as
    // Uiterwijk & Barton's database (TCS 2015) and CGSuite list them.
    assert_eq!(rows[2][7], "*");
    assert_eq!((rows[3][9].as_str(), rows[3][11].as_str()), ("1", "..|.. {1|-1}"));
    assert_eq!(rows[4][8], "-");
    assert!(rows[5][8].split(' ').any(|u| u == "^") && !rows[5][8].contains("^*"));
    assert!(rows[7][8].split(' ').any(|u| u == "^*"));
    // The hottest temperatures, 1 at 4 and 5 cells, 5/4 at 6 and 7, 3/2 at 8 (Uiterwijk &
    // Barton: none reaches 2 before 14 cells).
    let hottest: Vec<&str> = rows[3..].iter().map(|r| r[9].as_str()).collect();
    assert_eq!(hottest, ["1", "1", "5/4", "5/4", "3/2"]);
    assert!(text.contains("the first row of each outcome class (position value): L .|. 1; R .. -1; N ..|.# *; P . 0"), "{text}");
    // Against the run's own CSV: the rows of each outcome class per size.
    let csv = std::fs::read_to_string(&out).unwrap();
    for (i, r) in rows.iter().enumerate() {
        for (k, o) in ["L", "R", "N", "P"].iter().enumerate() {
            let n = csv
                .lines()
                .skip(1)
                .filter(|l| {
                    let f: Vec<&str> = l.split(',').collect();
                    f[1] == (i + 1).to_string() && f[2] == *o
                })
                .count();
            assert_eq!(r[3 + k], n.to_string(), "size {} outcome {o}", i + 1);
        }
    }
}

#[test]
fn cram_census_summary_lists_the_nimbers() {
    let dir = tempfile::tempdir().unwrap();
    let job = write_job(
        dir.path(),
        "c6",
        "name = \"c6\"\nrules = \"cram\"\nmin_size = 1\nmax_size = 6\n",
    );
    let out = dir.path().join("c6.csv");
    let o = run_job(&job, out.to_str().unwrap(), &["--quiet"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let rows = table(&stderr(&o));
    // Impartial: no L or R column, no multiples of up: cells rows values N P nimbers.
    assert!(rows.iter().all(|r| r.len() == 6), "{rows:?}");
    // The 1 x 4 strip is Dawson's Kayles (0.07) heap 4, nim-value 2 (OEIS A002187):
    // *2 first at 4 cells; nothing but 0 and * below.
    assert_eq!(rows[2][5], "*");
    assert!(rows[3][5].split(' ').any(|x| x == "*2"));
    assert!(!rows[2][5].contains("*2"));
}
