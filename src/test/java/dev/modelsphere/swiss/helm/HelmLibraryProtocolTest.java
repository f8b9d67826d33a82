package dev.modelsphere.swiss.helm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** swiss uses only a Helm library that speaks its protocol, and says how to get one that does. */
class HelmLibraryProtocolTest {

  @Test
  void aLibraryOfAnotherProtocolIsRefusedWithWhatToDo() {
    assertThat(HelmLibrary.refusal(HelmLibrary.PROTOCOL + 1))
        .contains("protocol " + (HelmLibrary.PROTOCOL + 1))
        .contains("hack/helm-native");
  }

  @Test
  void theLibraryBuiltFromTheseSourcesSpeaksSwisssProtocol() {
    assertThat(HelmLibrary.refusal(HelmLibrary.PROTOCOL)).isNull();
    // Every call checks the loaded library's protocol first.
    assertThat(HelmLibrary.call(LibraryRequest.of("memory").build(), NativeMemory.class))
        .isNotNull();
  }
}
