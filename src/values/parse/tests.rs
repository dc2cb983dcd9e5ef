//! Tests of the notation and the calculator.

use super::*;

fn show(s: &str) -> String {
    evaluate(s).unwrap().to_string()
}

#[test]
fn notation_round_trips_and_shorthands() {
    for s in [
        "0",
        "*",
        "*3",
        "^",
        "v",
        "^2",
        "v3",
        "^*",
        "v2*3",
        "1/2^*",
        "-2",
        "3/4",
        "{1|-1}",
        "{0, ^*|0}",
    ] {
        assert_eq!(show(s), s, "{s}");
    }
    assert_eq!(show("^^"), "^2");
    assert_eq!(show("vvv"), "v3");
    assert_eq!(show("^^*"), "^2*");
    assert_eq!(show("±1"), "{1|-1}");
    assert_eq!(show("+-1"), "{1|-1}");
    assert_eq!(show("{0||0|v*}"), show("{0|{0|v*}}"));
    assert_eq!(show("{0|1}"), "1/2");
    assert_eq!(show("^ + ^"), "^2");
    assert_eq!(show("^ + *"), "^*");
    assert_eq!(show("* + *"), "0");
    assert_eq!(show("-(^ + *2)"), "v*2");
    assert_eq!(show("-1v"), "-1v");
    assert_eq!(show("-1/2^*"), "-1/2^*");
    assert_eq!(show("-^"), "v");
    assert_eq!(show("2 -1v"), "1^");
    assert_eq!(show("{1|-1} <= 0"), "false");
    assert_eq!(show("{1|-1} || 0"), "true");
    assert_eq!(show("^* || 0"), "true");
    assert_eq!(show("^^* > 0"), "true");
    assert_eq!(show("aw(^^*)"), "2");
    assert_eq!(show("aw({^^^|vv})"), "{1|0}");
    assert_eq!(show("outcome(^*)"), "N");
    assert_eq!(show("outcome(v)"), "R");
    assert_eq!(show("birthday(3/4)"), "3");
    assert_eq!(show("birthday(^)"), "2");
}

#[test]
fn errors_name_the_position() {
    let e = |s: &str| evaluate(s).unwrap_err().to_string();
    assert!(e("{0|").contains("position 1"), "{}", e("{0|"));
    assert!(e("1/3").contains("dyadic"));
    assert!(e("^ + ").contains("position 5"), "{}", e("^ + "));
    assert!(e("aw(1)").contains("no atomic weight"));
    assert!(e("aw({{1*|*}|{{*|v}|0}})").contains("not atomic"));
    assert!(e("{0|0|0}").contains("ambiguous"));
    assert!(e("2 ?").contains("position 3"));
    assert!(e("{0, 1}").contains("|"));
    // Options are separated by commas (a decision: CGSuite's grammar has no juxtaposed
    // options either); `{1 2|}` was once read as {1, 2|} = 3.
    assert!(
        e("{1 2|}").contains("separated by commas"),
        "{}",
        e("{1 2|}")
    );
    assert!(e("{1,|}").contains("after the comma"));
    assert!(e("{,1|}").contains("before the comma"));
    assert!(e("{1,,2|}").contains("after the comma"));
    assert_eq!(show("{1, 2|}"), "3");
    assert_eq!(show("{ 0 , * | 0 }"), "^*");
    assert!(e("*5000").contains("nimber too large"));
    assert!(e("^2049").contains("ups"));
    // Numbers: exactly the kernel's range, for literals and for computed values.
    assert_eq!(show("4611686018427387903"), "4611686018427387903");
    assert_eq!(show("-1/4611686018427387904"), "-1/4611686018427387904");
    assert_eq!(show("9223372036854775808/4"), "2305843009213693952");
    assert!(e("4611686018427387904").contains("kernel's range"));
    assert!(e("1/9223372036854775808").contains("kernel's range"));
    assert!(e("4611686018427387903 + 1").contains("kernel's range"));
    assert!(e("99999999999999999999999999999999999999999").contains("kernel's range"));
    // The example: E = {0|{0|...{0|1}...}} nested 63 deep is 2^-63, beyond
    // the range; E + 1 once printed -9223372036854775807/9223372036854775808.
    let nested = |k: usize| format!("{}1{}", "{0|".repeat(k), "}".repeat(k));
    assert_eq!(show(&nested(62)), "1/4611686018427387904");
    assert!(e(&nested(63)).contains("kernel's range"));
    assert!(e(&format!("{} + 1", nested(63))).contains("kernel's range"));
    assert!(e(&format!("{} + 1", nested(62))).contains("kernel's range"));
    assert_eq!(
        show(&format!("{} + 1/2", nested(62))),
        "2305843009213693953/4611686018427387904"
    );
    let big = vec!["16777216"; 40].join(" + ");
    let bigger = format!("({big}) + 1/16777216");
    assert_eq!(show(&bigger), "11258999068426241/16777216");
}

/// Whatever the kernel prints reads back (#18: `*1025` and `^257` were printed by sums
/// and then refused as input): the literals reach the kernel's whole range of ups and
/// the nimbers that sums of literals make.
#[test]
fn the_extremes_the_kernel_prints_read_back() {
    for (sum, printed) in [
        ("*1024 + *1023", "*2047"),
        ("^1024 + ^1024", "^2048"),
        ("v1024 + v1024 + *2047", "v2048*2047"),
        ("^2047 + ^*", "^2048*"),
        ("1/2 + v1000 + v1048 + *5", "1/2v2048*5"),
    ] {
        assert_eq!(show(sum), printed, "{sum}");
        assert_eq!(show(printed), printed, "{printed} reads back");
    }
    assert!(
        evaluate("^2049")
            .unwrap_err()
            .to_string()
            .contains("at most 2048")
    );
    assert!(
        evaluate("*2048")
            .unwrap_err()
            .to_string()
            .contains("at most *2047")
    );
}

/// Braces with thousands of options can make a nimber beyond the literals' limit; it is
/// refused as a limit rather than printed in a form that would not read back.
#[test]
fn a_value_that_would_not_read_back_is_refused() {
    let stars: Vec<String> = (0..=2047).map(|k| format!("*{k}")).collect();
    let list = stars.join(",");
    let e = evaluate(&format!("{{{list}|{list}}}"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("*2048") && e.contains("*2047"), "{e}");
    assert!(evaluate(&format!("{{{list}|{list}}} == *2048")).is_err());
    let below: Vec<&str> = stars.iter().take(2047).map(String::as_str).collect();
    assert_eq!(
        show(&format!("{{{}|{}}}", below.join(","), below.join(","))),
        "*2047"
    );
}

/// Issue #28: CGSuite's method names reach the same functions (any case, with or
/// without underscores), and the new syntax fails with one clear line.
#[test]
fn cgsuite_names_and_new_syntax() {
    // Winning Ways / CGSuite: aw(^) = 1, birthday(3/4) = 3, {3|-1} has mean 1 and
    // temperature 2.
    for (a, b) in [
        ("atomic_weight(^)", "aw(^)"),
        ("AtomicWeight(^)", "aw(^)"),
        ("Birthday(3/4)", "birthday(3/4)"),
        ("Temperature({3|-1})", "temp({3|-1})"),
        ("Mean({3|-1})", "mean({3|-1})"),
        ("Thermograph({2|-1})", "thermograph({2|-1})"),
        ("OutcomeClass(^*)", "outcome(^*)"),
        ("RightStop({3|-1})", "rstop({3|-1})"),
        ("IsAllSmall(^)", "is_all_small(^)"),
        ("Tiny(2)", "tiny(2)"),
    ] {
        assert_eq!(show(a), show(b), "{a}");
    }
    assert_eq!(show("aw(^)"), "1");
    assert_eq!(show("Temperature({3|-1})"), "2");
    let e = |s: &str| evaluate(s).unwrap_err().to_string();
    assert!(e("1.5").contains("fractions"), "{}", e("1.5"));
    assert!(e("foo(1)").contains("no function foo"));
    assert!(e("Tiny(2").contains("expected )"));
    assert!(e("norton(1/2, *)").contains("U > 0"));
    assert!(e("nimmul(^, *)").contains("nimbers"));
    assert!(e("overheat(1, 2)").contains("3 arguments"));
    assert!(e("incentives(^) + 1").contains("not a game"));
    // `2 Tiny(1)` is not `2Tiny(1)`: a number and a value side by side are an error.
    assert!(e("2 Tiny(1)").contains("position 3"), "{}", e("2 Tiny(1)"));
    assert_eq!(show("2Tiny(1)"), "2Tiny(1)");
}
