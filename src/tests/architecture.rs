//! The house rules of docs/ARCHITECTURE.md, checked on the source: no two library files
//! import each other, directly or round a circle, and imports go down the layers. The
//! imports are read from the text (`use` items and paths written in code, `crate::`,
//! `super::` and `self::`), each resolved to the file that defines what it names (a
//! folder's `mod.rs` re-exporting an item counts as the file the item comes from).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The layers of docs/ARCHITECTURE.md, by the library's top-level module.
const LAYERS: &[(&str, u32)] = &[
    ("error", 1),
    ("hash", 1),
    ("sys", 1),
    ("svg", 1),
    ("graphs", 2),
    ("shapes", 2),
    ("values", 3),
    ("rules", 3),
    ("octal", 3),
    ("solving", 4),
    ("expr", 4),
    ("jobs", 5),
    ("analysis", 6),
];

/// A library file's module path (`["jobs", "graph_stream"]` for src/jobs/graph_stream.rs).
fn module_of(root: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(root).expect("under the root");
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    let last = parts.pop().expect("a file name");
    match last.as_str() {
        "mod.rs" | "lib.rs" => {}
        other => parts.push(other.trim_end_matches(".rs").to_string()),
    }
    parts
}

/// Every `.rs` file below `dir`.
fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a readable source tree") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The code of a file without comments and string literals (so that a path in a doc
/// comment or a message is not an import).
fn code(text: &str) -> String {
    // A file's own tests (`#[cfg(test)] mod tests`, at its end) are not the library.
    let text = match text.find("#[cfg(test)]\nmod ") {
        Some(at) => &text[..at],
        None => text,
    };
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        let mut in_str = false;
        let mut prev = ' ';
        let mut chars = line.chars().peekable();
        while let Some(c) = chars.next() {
            if in_str {
                if c == '"' && prev != '\\' {
                    in_str = false;
                }
                prev = if prev == '\\' && c == '\\' { ' ' } else { c };
                continue;
            }
            if c == '/' && chars.peek() == Some(&'/') {
                break;
            }
            if c == '"' {
                in_str = true;
                prev = ' ';
                continue;
            }
            out.push(c);
        }
        out.push('\n');
    }
    out
}

/// The paths a file's code names: every `crate::a::b`, `super::a`, `self::a` path, the
/// `use` items' braces expanded.
fn paths(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    // `use` items, braces expanded.
    let mut rest = code;
    while let Some(at) = find_word(rest, "use") {
        let item = &rest[at + 3..];
        let end = item.find(';').unwrap_or(item.len());
        expand("", item[..end].trim(), &mut out);
        rest = &item[end..];
    }
    // Paths written in code.
    for start in ["crate::", "super::", "self::"] {
        let mut from = 0;
        while let Some(i) = code[from..].find(start) {
            let at = from + i;
            let before = code[..at].chars().next_back();
            from = at + start.len();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            let len = code[at..]
                .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                .unwrap_or(code.len() - at);
            // `a::{b, c}` is a use item, expanded above: not a path to `a` itself.
            if code[at + len..].starts_with('{') {
                continue;
            }
            out.push(code[at..at + len].trim_end_matches(':').to_string());
        }
    }
    out
}

/// The position of the word `w` (not part of a longer name) in `s`.
fn find_word(s: &str, w: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(i) = s[from..].find(w) {
        let at = from + i;
        let before = s[..at].chars().next_back();
        let after = s[at + w.len()..].chars().next();
        if !before.is_some_and(|c| c.is_alphanumeric() || c == '_')
            && after.is_some_and(char::is_whitespace)
        {
            return Some(at);
        }
        from = at + w.len();
    }
    None
}

/// Expands `a::{b, c::{d, e}}` under `prefix` into whole paths.
fn expand(prefix: &str, item: &str, out: &mut Vec<String>) {
    let item = item.trim();
    if item.is_empty() {
        return;
    }
    match item.find('{') {
        None => {
            let path = item.split(" as ").next().unwrap_or(item).trim();
            out.push(format!("{prefix}{path}"));
        }
        Some(open) => {
            let head = &item[..open];
            let inner = &item[open + 1..item.rfind('}').unwrap_or(item.len())];
            let mut depth = 0;
            let mut last = 0;
            for (i, c) in inner.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        expand(&format!("{prefix}{head}"), &inner[last..i], out);
                        last = i + 1;
                    }
                    _ => {}
                }
            }
            expand(&format!("{prefix}{head}"), &inner[last..], out);
        }
    }
}

/// The library's files and the files each imports from (see the module's doc).
pub fn imports(root: &Path) -> BTreeMap<PathBuf, BTreeSet<PathBuf>> {
    let mut all = Vec::new();
    files(root, &mut all);
    let by_module: BTreeMap<Vec<String>, PathBuf> = all
        .iter()
        .map(|f| (module_of(root, f), f.clone()))
        .collect();
    let texts: BTreeMap<PathBuf, String> = all
        .iter()
        .map(|f| (f.clone(), code(&std::fs::read_to_string(f).expect("readable"))))
        .collect();
    let known = |m: &[String]| by_module.contains_key(m);
    // What each module re-exports (`pub use`): item name -> the path it comes from.
    let mut reexports: BTreeMap<Vec<String>, BTreeMap<String, Vec<String>>> = BTreeMap::new();
    for (file, text) in &texts {
        let module = module_of(root, file);
        for line in text.split(';') {
            let line = line.trim();
            if let Some(item) = line.strip_prefix("pub use ") {
                let mut ps = Vec::new();
                expand("", item, &mut ps);
                for p in ps {
                    let whole = absolute(&module, &p, &known);
                    if let Some(name) = whole.last() {
                        reexports
                            .entry(module.clone())
                            .or_default()
                            .insert(name.clone(), whole.clone());
                    }
                }
            }
        }
    }
    let mut graph = BTreeMap::new();
    for (file, text) in &texts {
        let module = module_of(root, file);
        let mut to = BTreeSet::new();
        let facade: Vec<String> = text
            .split(';')
            .filter_map(|l| l.trim().strip_prefix("pub use "))
            .flat_map(|item| {
                let mut ps = Vec::new();
                expand("", item, &mut ps);
                ps
            })
            .collect();
        for p in paths(text) {
            // A module's re-exports are its facade, not what it depends on.
            if facade.iter().any(|f| f.starts_with(p.as_str())) {
                continue;
            }
            let whole = absolute(&module, &p, &known);
            if let Some(target) = resolve(&whole, &by_module, &reexports, 0)
                && &target != file
            {
                to.insert(target);
            }
        }
        graph.insert(file.clone(), to);
    }
    graph
}

/// `p` as a path from the crate root, read in `module` (a path that starts with a
/// module of `module`'s own, as `known` says, is relative to it; one that starts with
/// anything else names another crate).
fn absolute(module: &[String], p: &str, known: &dyn Fn(&[String]) -> bool) -> Vec<String> {
    let mut segs: Vec<&str> = p.split("::").map(str::trim).filter(|s| !s.is_empty()).collect();
    let mut base: Vec<String> = match segs.first() {
        Some(&"crate") => {
            segs.remove(0);
            Vec::new()
        }
        Some(&"self") => {
            segs.remove(0);
            module.to_vec()
        }
        Some(&"super") => {
            let mut b = module.to_vec();
            while segs.first() == Some(&"super") {
                segs.remove(0);
                b.pop();
            }
            b
        }
        Some(first) => {
            let mut child = module.to_vec();
            child.push(first.to_string());
            if !known(&child) {
                return Vec::new();
            }
            module.to_vec()
        }
        None => return Vec::new(),
    };
    base.extend(segs.iter().map(|s| s.to_string()));
    base
}

/// The file that defines what `path` names.
fn resolve(
    path: &[String],
    by_module: &BTreeMap<Vec<String>, PathBuf>,
    reexports: &BTreeMap<Vec<String>, BTreeMap<String, Vec<String>>>,
    depth: usize,
) -> Option<PathBuf> {
    if path.is_empty() || depth > 8 {
        return None;
    }
    // The longest prefix that is a module with a file.
    let mut k = path.len();
    while k > 0 && !by_module.contains_key(&path[..k]) {
        k -= 1;
    }
    if k == 0 {
        return None;
    }
    let module = &path[..k];
    if let Some(next) = path.get(k)
        && let Some(target) = reexports.get(module).and_then(|r| r.get(next))
    {
        let mut whole = target.clone();
        whole.extend(path[k + 1..].iter().cloned());
        if let Some(f) = resolve(&whole, by_module, reexports, depth + 1) {
            return Some(f);
        }
    }
    by_module.get(module).cloned()
}

/// The circles of the import graph: each a list of files that import each other round
/// a circle (strongly connected components of more than one file).
pub fn circles(graph: &BTreeMap<PathBuf, BTreeSet<PathBuf>>) -> Vec<Vec<PathBuf>> {
    // Tarjan's algorithm, iterative enough for a few hundred files.
    struct State<'a> {
        graph: &'a BTreeMap<PathBuf, BTreeSet<PathBuf>>,
        index: BTreeMap<&'a PathBuf, usize>,
        low: BTreeMap<&'a PathBuf, usize>,
        stack: Vec<&'a PathBuf>,
        on: BTreeSet<&'a PathBuf>,
        out: Vec<Vec<PathBuf>>,
    }
    fn visit<'a>(s: &mut State<'a>, v: &'a PathBuf) {
        let i = s.index.len();
        s.index.insert(v, i);
        s.low.insert(v, i);
        s.stack.push(v);
        s.on.insert(v);
        for w in s.graph.get(v).into_iter().flatten() {
            if !s.graph.contains_key(w) {
                continue;
            }
            let w = s.graph.get_key_value(w).expect("checked").0;
            if !s.index.contains_key(w) {
                visit(s, w);
                let lw = s.low[w];
                let lv = s.low.get_mut(v).expect("set");
                *lv = (*lv).min(lw);
            } else if s.on.contains(w) {
                let iw = s.index[w];
                let lv = s.low.get_mut(v).expect("set");
                *lv = (*lv).min(iw);
            }
        }
        if s.low[v] == s.index[v] {
            let mut comp = Vec::new();
            loop {
                let w = s.stack.pop().expect("on the stack");
                s.on.remove(w);
                comp.push(w.clone());
                if w == v {
                    break;
                }
            }
            if comp.len() > 1 {
                comp.sort();
                s.out.push(comp);
            }
        }
    }
    let mut s = State {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on: BTreeSet::new(),
        out: Vec::new(),
    };
    for v in graph.keys() {
        if !s.index.contains_key(v) {
            visit(&mut s, v);
        }
    }
    s.out
}

/// The imports that go up the layers: `(file, file it imports)`.
pub fn upward(root: &Path, graph: &BTreeMap<PathBuf, BTreeSet<PathBuf>>) -> Vec<(PathBuf, PathBuf)> {
    let layer = |f: &Path| {
        let m = module_of(root, f);
        let top = m.first().cloned().unwrap_or_default();
        LAYERS.iter().find(|(n, _)| *n == top).map(|&(_, l)| l)
    };
    let mut out = Vec::new();
    for (from, tos) in graph {
        for to in tos {
            if let (Some(a), Some(b)) = (layer(from), layer(to))
                && b > a
            {
                out.push((from.clone(), to.clone()));
            }
        }
    }
    out
}

/// The library's source: `src/` without the command line and the tests.
fn library() -> (PathBuf, BTreeMap<PathBuf, BTreeSet<PathBuf>>) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut graph = imports(&root);
    graph.retain(|f, _| {
        let m = module_of(&root, f);
        !matches!(m.first().map(String::as_str), Some("tests" | "cli" | "main" | "build"))
    });
    (root, graph)
}

fn shown(files: &[PathBuf], root: &Path) -> String {
    files
        .iter()
        .map(|f| f.strip_prefix(root).unwrap_or(f).display().to_string())
        .collect::<Vec<_>>()
        .join(" -> ")
}

#[test]
fn no_two_library_files_import_each_other() {
    let (root, graph) = library();
    let found: Vec<String> = circles(&graph).iter().map(|c| shown(c, &root)).collect();
    assert!(found.is_empty(), "import circles:\n{}", found.join("\n"));
}

#[test]
fn imports_go_down_the_layers() {
    let (root, graph) = library();
    let up: Vec<String> = upward(&root, &graph)
        .iter()
        .map(|(a, b)| shown(&[a.clone(), b.clone()], &root))
        .collect();
    assert!(up.is_empty(), "imports up the layers:\n{}", up.join("\n"));
}

#[test]
fn the_checks_see_a_circle_and_an_upward_import() {
    // A tree of four files: a circle between jobs/a.rs and jobs/b.rs through a
    // re-export of jobs/mod.rs, and graphs/g.rs importing from jobs (layer 2 to 5).
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path();
    let write = |p: &str, text: &str| {
        let path = src.join(p);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    };
    write("lib.rs", "pub mod graphs;\npub mod jobs;\n");
    write("jobs/mod.rs", "pub mod a;\npub mod b;\npub use b::Thing;\n");
    write("jobs/a.rs", "use super::Thing;\n/// crate::jobs::b in a comment\npub struct A;\n");
    write("jobs/b.rs", "pub struct Thing;\nfn f() { let _ = crate::jobs::a::A; }\n");
    write("graphs/mod.rs", "pub mod g;\n");
    write("graphs/g.rs", "use crate::jobs::{a::{A}, b};\n");
    let graph = imports(src);
    let found = circles(&graph);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0], vec![src.join("jobs/a.rs"), src.join("jobs/b.rs")]);
    let up = upward(src, &graph);
    assert!(up.contains(&(src.join("graphs/g.rs"), src.join("jobs/a.rs"))), "{up:?}");
    assert!(up.contains(&(src.join("graphs/g.rs"), src.join("jobs/b.rs"))), "{up:?}");
}

/// The layers docs/ARCHITECTURE.md's table gives the top-level modules, by module: a
/// row `| N | `a.rs`, `b/` | ... |` gives layer N to `a` and `b`.
fn documented_layers(doc: &str) -> BTreeMap<String, u32> {
    let mut out = BTreeMap::new();
    for line in doc.lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let Some(layer) = cells.get(1).and_then(|c| c.parse::<u32>().ok()) else {
            continue;
        };
        for name in cells[2].split(',') {
            let name = name.trim().trim_matches('`');
            let module = name.trim_end_matches('/').trim_end_matches(".rs");
            out.insert(module.to_string(), layer);
        }
    }
    out
}

#[test]
fn the_documented_layers_are_the_checked_ones() {
    let doc = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/ARCHITECTURE.md"),
    )
    .unwrap();
    let documented = documented_layers(&doc);
    let checked: BTreeMap<String, u32> =
        LAYERS.iter().map(|&(m, l)| (m.to_string(), l)).collect();
    assert_eq!(documented, checked);
    // And every top-level module of the library has its layer.
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let lib = std::fs::read_to_string(src.join("lib.rs")).unwrap();
    for line in lib.lines() {
        if let Some(m) = line.trim().strip_prefix("pub mod ").or(line.trim().strip_prefix("mod ")) {
            let m = m.trim_end_matches(';');
            assert!(checked.contains_key(m), "module {m} has no layer in docs/ARCHITECTURE.md");
        }
    }
}
