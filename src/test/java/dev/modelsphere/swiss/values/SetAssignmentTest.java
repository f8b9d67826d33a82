package dev.modelsphere.swiss.values;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class SetAssignmentTest {

  @Test
  void parseSetInfersAnInteger() {
    assertThat(Tree.get(SetAssignment.parse("scaler.maxReplicas=8"), "scaler.maxReplicas").value())
        .isEqualTo(8L);
  }

  @Test
  void inferenceFollowsTheReferenceRules() {
    assertThat(SetAssignment.infer("true")).isEqualTo(true);
    assertThat(SetAssignment.infer("false")).isEqualTo(false);
    assertThat(SetAssignment.infer("null")).isNull();
    assertThat(SetAssignment.infer("")).isEqualTo("");
    assertThat(SetAssignment.infer("-007")).isEqualTo(-7L);
    assertThat(SetAssignment.infer("+3")).isEqualTo(3L);
    assertThat(SetAssignment.infer("1.5")).isEqualTo(1.5);
    assertThat(SetAssignment.infer("1e3")).isEqualTo(1000.0);
    assertThat(SetAssignment.infer("99999999999999999999")).isEqualTo(1e20);
    assertThat(SetAssignment.infer("True")).isEqualTo("True");
    assertThat(SetAssignment.infer("v0.5.19")).isEqualTo("v0.5.19");
  }

  @Test
  void numbersParseAsGosParseFloatReadsThem() {
    assertThat(SetAssignment.infer("1_000")).isEqualTo(1000.0);
    assertThat(SetAssignment.infer("-1_000.5e1_0")).isEqualTo(-1000.5e10);
    assertThat(SetAssignment.infer("0x1p-2")).isEqualTo(0.25);
    assertThat(SetAssignment.infer("+0X_1.8P1")).isEqualTo(3.0);
    assertThat(SetAssignment.infer("0x.8p0")).isEqualTo(0.5);
  }

  @Test
  void whatGoRefusesAsAFloatStaysAString() {
    for (String s :
        List.of(
            "1__000", "_1", "1_", "1_.5", "0x10", "0x1.8", "0b101", "1.5f", "2d", " 1", "1e400")) {
      assertThat(SetAssignment.infer(s)).as(s).isEqualTo(s);
    }
  }

  @Test
  void infinityAndNanStayStringsSoThePlanCanBeHashed() {
    for (String s : List.of("inf", "-Inf", "+Infinity", "NaN", "nan")) {
      assertThat(SetAssignment.infer(s)).as(s).isEqualTo(s);
    }
  }

  @Test
  void theValueMayContainEqualsSigns() {
    assertThat(SetAssignment.parse("env.A=b=c")).isEqualTo(Yaml.tree("t", "env: {A: b=c}"));
  }

  @Test
  void anAssignmentWithoutAKeyIsRefused() {
    assertThatThrownBy(() -> SetAssignment.parse("=1")).hasMessageContaining("expected key=value");
    assertThatThrownBy(() -> SetAssignment.parse("novalue")).hasMessageContaining("\"novalue\"");
  }

  @Test
  void laterAssignmentsWinAndCommasAreNotSplit() {
    var tree = SetAssignment.parseAll(List.of("a=1", "a=2", "b=x,y"));
    assertThat(tree).isEqualTo(Yaml.tree("t", "a: 2\nb: 'x,y'"));
  }
}
