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
  void infinityAndNanStayStringsSoThePlanCanBeHashed() {
    for (String s : List.of("inf", "-Inf", "Infinity", "NaN", "nan", "0x1p3", "1.5f", "2d")) {
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
