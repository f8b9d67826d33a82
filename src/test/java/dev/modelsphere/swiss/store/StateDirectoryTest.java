package dev.modelsphere.swiss.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.modelsphere.swiss.store.StateDirectory.Access;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The directory of swiss's database is this user's alone, or swiss does not start. */
class StateDirectoryTest {
  private static final long ME = 1000;
  private static final long MY_GROUP = 1000;

  @TempDir Path dir;

  @Test
  void aMissingDirectoryIsCreatedReadableByThisUserOnly() throws IOException {
    Path state = dir.resolve("state/swiss");

    StateDirectory.require(state);

    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(state)))
        .isEqualTo("rwx------");
  }

  @Test
  void aDirectoryEveryoneMayWriteInIsRefusedNamingItAndTheFix() throws IOException {
    Path shared = Files.createDirectory(dir.resolve("shared"));
    Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwxrwxrwx"));

    assertThatThrownBy(() -> StateDirectory.require(shared))
        .isInstanceOf(StoreException.class)
        .hasMessageContaining("state directory " + shared)
        .hasMessageContaining("writable by every user (mode rwxrwxrwx)")
        .hasMessageContaining("chmod 700 " + shared)
        .hasMessageContaining("server.database");
  }

  @Test
  void aDirectoryOfAnotherUserIsRefusedEvenIfOnlyItsOwnerMayWrite() {
    Access theirs = new Access(2000, 2000, PosixFilePermissions.fromString("rwx------"));

    assertThat(theirs.refusal(ME, MY_GROUP)).hasValue("owned by user 2000, not this user (1000)");
  }

  @Test
  void aDirectoryAnotherGroupMayWriteInIsRefused() {
    Access shared = new Access(ME, 100, PosixFilePermissions.fromString("rwxrwx---"));

    assertThat(shared.refusal(ME, MY_GROUP))
        .hasValue("writable by group 100, not this user's own (mode rwxrwx---)");
  }

  @Test
  void thisUsersOwnAndAPodVolumeSharedThroughItsOwnGroupAndRootsArePrivateEnough() {
    assertThat(
            new Access(ME, MY_GROUP, PosixFilePermissions.fromString("rwx------"))
                .refusal(ME, MY_GROUP))
        .isEmpty();
    assertThat(
            new Access(ME, MY_GROUP, PosixFilePermissions.fromString("rwxr-xr-x"))
                .refusal(ME, MY_GROUP))
        .as("others may read, not write")
        .isEmpty();
    assertThat(
            new Access(0, MY_GROUP, PosixFilePermissions.fromString("rwxrwxr-x"))
                .refusal(ME, MY_GROUP))
        .as("a volume of root's that the pod's fsGroup, this user's group, may write")
        .isEmpty();
  }
}
