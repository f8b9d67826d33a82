package dev.modelsphere.swiss.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.modelsphere.swiss.values.Tree;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CanonicalJsonTest {

  @Test
  void mapKeysAreSortedByTheirUtf8BytesNotByUtf16Units() {
    Map<String, Object> map = new LinkedHashMap<>();
    for (String key : List.of("😀", "\uff21", "é", "z", "a.b", "a", "Z", "")) {
      map.put(key, 1L);
    }
    // U+FF21 sorts before U+1F600 in UTF-8 although its UTF-16 unit is larger than a surrogate.
    assertThat(CanonicalJson.compact(map))
        .isEqualTo("{\"\":1,\"Z\":1,\"a\":1,\"a.b\":1,\"z\":1,\"é\":1,\"Ａ\":1,\"😀\":1}");
  }

  @Test
  void structFieldsKeepTheirDeclarationOrder() {
    Object struct = CanonicalJson.struct().field("zeta", "z").field("alpha", "a").field("mid", 1L);
    assertThat(CanonicalJson.compact(struct))
        .isEqualTo("{\"zeta\":\"z\",\"alpha\":\"a\",\"mid\":1}");
  }

  /** A record written as a struct; public, as the answers' records are. */
  public record Finding(String zeta, boolean alpha, List<String> under) {}

  @Test
  void aRecordIsAStructOfItsComponentsInDeclarationOrderEachWrittenEvenWhenEmpty() {
    Object value = Map.of("found", List.of(new Finding("z", false, List.of("a", "b"))));

    assertThat(CanonicalJson.compact(value))
        .isEqualTo("{\"found\":[{\"zeta\":\"z\",\"alpha\":false,\"under\":[\"a\",\"b\"]}]}");
    assertThat(CanonicalJson.compact(new Finding("", false, List.of())))
        .isEqualTo("{\"zeta\":\"\",\"alpha\":false,\"under\":[]}");
  }

  @Test
  void omitEmptyLeavesOutWhatGoConsidersEmpty() {
    Object struct =
        CanonicalJson.struct()
            .omitEmpty("string", "")
            .omitEmpty("nil", null)
            .omitEmpty("falsy", false)
            .omitEmpty("zero", 0L)
            .omitEmpty("zeroFloat", 0.0)
            .omitEmpty("map", Map.of())
            .omitEmpty("list", List.of())
            .omitEmpty("kept", "x")
            .field("always", "");
    assertThat(CanonicalJson.compact(struct)).isEqualTo("{\"kept\":\"x\",\"always\":\"\"}");
  }

  @Test
  void htmlSignificantCharactersAndLineSeparatorsAreEscaped() {
    assertThat(CanonicalJson.quote("<a>&</a>\u2028\u2029"))
        .isEqualTo("\"\\u003ca\\u003e\\u0026\\u003c/a\\u003e\\u2028\\u2029\"");
  }

  @Test
  void quotesAndBackslashesAreEscapedWithABackslash() {
    assertThat(CanonicalJson.quote("say \"hi\" \\ there"))
        .isEqualTo("\"say \\\"hi\\\" \\\\ there\"");
  }

  @Test
  void controlCharactersUseShortEscapesWhereGoHasThemAndLowercaseHexOtherwise() {
    assertThat(CanonicalJson.quote("\n\r\t\b\f\u0000\u001f\u001b"))
        .isEqualTo("\"\\n\\r\\t\\b\\f\\u0000\\u001f\\u001b\"");
  }

  @Test
  void deleteAndNonAsciiTextAreWrittenAsTheyAre() {
    assertThat(CanonicalJson.quote("\u007fé 日本 😀")).isEqualTo("\"\u007fé 日本 😀\"");
  }

  @Test
  void aLoneSurrogateBecomesTheReplacementCharacterAsInvalidUtf8DoesInGo() {
    assertThat(CanonicalJson.quote("a\ud800b")).isEqualTo("\"a\\ufffdb\"");
  }

  @Test
  void floatsInTheUsualRangeArePlainAndShortest() {
    assertThat(CanonicalJson.formatFloat(0.85)).isEqualTo("0.85");
    assertThat(CanonicalJson.formatFloat(100.0)).isEqualTo("100");
    assertThat(CanonicalJson.formatFloat(0.1)).isEqualTo("0.1");
    assertThat(CanonicalJson.formatFloat(1.0 / 3.0)).isEqualTo("0.3333333333333333");
    assertThat(CanonicalJson.formatFloat(2.5e-6)).isEqualTo("0.0000025");
    assertThat(CanonicalJson.formatFloat(-0.000001)).isEqualTo("-0.000001");
    assertThat(CanonicalJson.formatFloat(1e20)).isEqualTo("100000000000000000000");
    assertThat(CanonicalJson.formatFloat(12345678901234567890.0)).isEqualTo("12345678901234567000");
  }

  @Test
  void floatsAreShortestEvenWhereJava17DoubleToStringIsNot() {
    // Java 17 prints this as 2.82879384806159008E17; Go (and the shortest form) ends in 000.
    assertThat(CanonicalJson.formatFloat(2.82879384806159e17)).isEqualTo("282879384806159000");
  }

  @Test
  void tinyAndHugeFloatsUseAnExponentWithGosPadding() {
    assertThat(CanonicalJson.formatFloat(1e-7)).isEqualTo("1e-7");
    assertThat(CanonicalJson.formatFloat(-1.5e-10)).isEqualTo("-1.5e-10");
    assertThat(CanonicalJson.formatFloat(1e-100)).isEqualTo("1e-100");
    assertThat(CanonicalJson.formatFloat(1e21)).isEqualTo("1e+21");
    assertThat(CanonicalJson.formatFloat(1e23)).isEqualTo("1e+23");
    assertThat(CanonicalJson.formatFloat(1.5e300)).isEqualTo("1.5e+300");
    assertThat(CanonicalJson.formatFloat(5e-324)).isEqualTo("5e-324");
    assertThat(CanonicalJson.formatFloat(Double.MAX_VALUE)).isEqualTo("1.7976931348623157e+308");
    assertThat(CanonicalJson.formatFloat(2 * Double.MIN_VALUE)).isEqualTo("1e-323");
  }

  @Test
  void zeroKeepsItsSign() {
    assertThat(CanonicalJson.formatFloat(0.0)).isEqualTo("0");
    assertThat(CanonicalJson.formatFloat(-0.0)).isEqualTo("-0");
  }

  @Test
  void nanAndInfinityCannotBeEncoded() {
    assertThatThrownBy(() -> CanonicalJson.compact(List.of(Double.NaN)))
        .isInstanceOf(PlanException.class)
        .hasMessageContaining("NaN");
    assertThatThrownBy(() -> CanonicalJson.compact(Map.of("x", Double.POSITIVE_INFINITY)))
        .isInstanceOf(PlanException.class)
        .hasMessageContaining("Infinity");
  }

  @Test
  void integersOfEveryWidthArePlain() {
    List<Object> ints =
        List.of(
            2L,
            -42,
            (short) 7,
            new BigInteger("123456789012345678901234567890"),
            9007199254740993L);
    assertThat(CanonicalJson.compact(ints))
        .isEqualTo("[2,-42,7,123456789012345678901234567890,9007199254740993]");
  }

  @Test
  void nullsAndBooleansAreLiterals() {
    List<Object> list = new ArrayList<>(Arrays.asList(null, true, false));
    Map<String, Object> map = new LinkedHashMap<>();
    map.put("gone", null);
    assertThat(CanonicalJson.compact(list)).isEqualTo("[null,true,false]");
    assertThat(CanonicalJson.compact(map)).isEqualTo("{\"gone\":null}");
  }

  @Test
  void floatBoxesAreWrittenAsTheDecimalTheyHold() {
    assertThat(CanonicalJson.compact(List.of(0.1f))).isEqualTo("[0.1]");
  }

  @Test
  void indentedLayoutMatchesMarshalIndentWithTwoSpaces() {
    Map<String, Object> inner = new LinkedHashMap<>();
    inner.put("b", List.of(1L, "x"));
    inner.put("a", Map.of());
    inner.put("c", List.of());
    Object doc = CanonicalJson.struct().field("name", "n").field("inner", inner);
    assertThat(CanonicalJson.indented(doc))
        .isEqualTo(
            """
        {
          "name": "n",
          "inner": {
            "a": {},
            "b": [
              1,
              "x"
            ],
            "c": []
          }
        }""");
  }

  @Test
  void objectsOfUnknownTypesAreRefusedRatherThanGuessed() {
    assertThatThrownBy(() -> CanonicalJson.compact(List.of(new Object())))
        .isInstanceOf(PlanException.class)
        .hasMessageContaining("cannot encode");
  }

  @Test
  void aMapOfManyKeysIsSortedAsAMapOfAFewIs() {
    List<String> keys = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      keys.add(List.of("b", "é", "😀", "\uff21", "A", "").get(i % 6) + (i * 7919 % 1000));
    }
    Map<String, Object> many = new LinkedHashMap<>();
    keys.forEach(key -> many.put(key, 1L));
    StringBuilder expected = new StringBuilder("{");
    keys.stream()
        .sorted(CanonicalJson.KEY_ORDER)
        .forEach(
            key -> expected.append(expected.length() > 1 ? "," : "").append('"' + key + "\":1"));

    assertThat(CanonicalJson.compact(many)).isEqualTo(expected.append('}').toString());
  }

  @Test
  void textBeforeAndAfterTheFirstEscapeIsWrittenAsItIs() {
    assertThat(CanonicalJson.quote("/models/a\"b/c<d")).isEqualTo("\"/models/a\\\"b/c\\u003cd\"");
    assertThat(CanonicalJson.quote("caf\u00e9 \ud83d\ude00\n"))
        .isEqualTo("\"caf\u00e9 \ud83d\ude00\\n\"");
  }

  @Test
  void aFrozenTreeIsWrittenAsTheSameBytesEveryTimeAndWhereverItIs() {
    Map<String, Object> tree = new LinkedHashMap<>();
    tree.put("zeta", List.of("<a>", 1.5, Map.of("y", true, "x", BigInteger.TEN)));
    tree.put("alpha", Map.of("b", "\"q\"", "a", Map.of()));
    Map<String, Object> frozen = Tree.frozen(tree);
    String compact = CanonicalJson.compact(tree);
    String indented = CanonicalJson.indented(Map.of("in", tree));

    for (int ask = 0; ask < 3; ask++) {
      assertThat(CanonicalJson.compact(frozen)).isEqualTo(compact);
      assertThat(CanonicalJson.compact(Map.of("in", frozen))).isEqualTo("{\"in\":" + compact + "}");
      assertThat(CanonicalJson.compact(frozen.get("zeta")))
          .isEqualTo("[\"\\u003ca\\u003e\",1.5,{\"x\":10,\"y\":true}]");
      assertThat(CanonicalJson.indented(Map.of("in", frozen))).isEqualTo(indented);
    }
  }
}
