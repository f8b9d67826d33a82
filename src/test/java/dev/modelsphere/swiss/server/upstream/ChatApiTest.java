package dev.modelsphere.swiss.server.upstream;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.plan.CanonicalJson;
import org.junit.jupiter.api.Test;

/** The request each inference API is sent. */
class ChatApiTest {
  @Test
  void eachApiIsNamedAsTheReferenceNamesIt() {
    assertThat(ChatApi.named("chat")).contains(ChatApi.CHAT);
    assertThat(ChatApi.named("completions")).contains(ChatApi.COMPLETIONS);
    assertThat(ChatApi.named("messages")).contains(ChatApi.MESSAGES);
    assertThat(ChatApi.named("responses")).isEmpty();
    assertThat(ChatApi.named("CHAT")).isEmpty();
  }

  @Test
  void chatSendsOneUserMessageWithoutStreaming() {
    assertThat(ChatApi.CHAT.path()).isEqualTo("/v1/chat/completions");
    assertThat(CanonicalJson.compact(ChatApi.CHAT.body("qwen", "hi", 32)))
        .isEqualTo(
            "{\"max_tokens\":32,\"messages\":[{\"content\":\"hi\",\"role\":\"user\"}],"
                + "\"model\":\"qwen\",\"stream\":false}");
  }

  @Test
  void completionsSendsThePromptAsText() {
    assertThat(ChatApi.COMPLETIONS.path()).isEqualTo("/v1/completions");
    assertThat(CanonicalJson.compact(ChatApi.COMPLETIONS.body("qwen", "hi", 8)))
        .isEqualTo("{\"max_tokens\":8,\"model\":\"qwen\",\"prompt\":\"hi\",\"stream\":false}");
  }

  @Test
  void messagesSendsMessagesAndNoStreamFlag() {
    assertThat(ChatApi.MESSAGES.path()).isEqualTo("/v1/messages");
    assertThat(CanonicalJson.compact(ChatApi.MESSAGES.body("qwen", "hi", 8)))
        .isEqualTo(
            "{\"max_tokens\":8,\"messages\":[{\"content\":\"hi\",\"role\":\"user\"}],"
                + "\"model\":\"qwen\"}");
  }
}
