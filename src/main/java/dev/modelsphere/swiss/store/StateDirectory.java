package dev.modelsphere.swiss.store;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import java.util.Set;

/**
 * The directory holding swiss's database (and, by default, its catalog cache). Whoever may write
 * there may replace the audit log, the staged plans and the cached catalogs, so it must be this
 * user's alone: swiss creates it readable by this user only, and refuses one it finds open to
 * others.
 */
final class StateDirectory {
  private static final Set<PosixFilePermission> PRIVATE =
      PosixFilePermissions.fromString("rwx------");

  /**
   * Owned by this process's user and group, on Linux: Java has no call for them without a module
   * (jdk.security.auth) that would bring Kerberos into the image.
   */
  private static final Path SELF = Path.of("/proc/self");

  private StateDirectory() {}

  /**
   * Creates {@code dir} (mode 700) when absent; refuses it when it is open to others. The check
   * runs where this process's user can be known (Linux, as in swiss's image); elsewhere a directory
   * swiss creates is still private.
   *
   * @throws StoreException naming the directory and what to do
   */
  static void require(Path dir) {
    boolean posix = FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
    if (!Files.isDirectory(dir)) {
      create(dir, posix);
    }
    if (!posix || !Files.isDirectory(SELF)) {
      return;
    }
    Access self = Access.of(SELF);
    Optional<String> refusal = Access.of(dir).refusal(self.owner(), self.group());
    if (refusal.isPresent()) {
      throw new StoreException(
          ("state directory %s is %s: another user could replace swiss's database and catalog"
                  + " cache there -- chmod 700 %s (and chown it to this user), or point"
                  + " server.database at a file in a directory of this user's own")
              .formatted(dir, refusal.get(), dir));
    }
  }

  private static void create(Path dir, boolean posix) {
    try {
      if (posix) {
        Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(PRIVATE));
      } else {
        Files.createDirectories(dir);
      }
    } catch (IOException e) {
      throw new StoreException("state directory %s: cannot create it: %s".formatted(dir, e), e);
    }
  }

  /**
   * Who owns a directory and who may write in it.
   *
   * @param owner the owner's uid
   * @param group the group's gid
   * @param permissions the mode's permission bits
   */
  record Access(long owner, long group, Set<PosixFilePermission> permissions) {
    static Access of(Path dir) {
      try {
        return new Access(
            ((Number) Files.getAttribute(dir, "unix:uid")).longValue(),
            ((Number) Files.getAttribute(dir, "unix:gid")).longValue(),
            Files.getPosixFilePermissions(dir));
      } catch (IOException e) {
        throw new StoreException(
            "state directory %s: cannot read its owner: %s".formatted(dir, e), e);
      }
    }

    /**
     * Why the user {@code uid} (primary group {@code gid}) may not keep its state here; empty when
     * it may. The owner may be root, who can write anywhere anyway. A group-writable directory
     * passes when the group is the user's own: a Kubernetes volume shared through the pod's fsGroup
     * is group-writable by that group alone.
     */
    Optional<String> refusal(long uid, long gid) {
      if (owner != uid && owner != 0) {
        return Optional.of("owned by user %d, not this user (%d)".formatted(owner, uid));
      }
      if (permissions.contains(PosixFilePermission.OTHERS_WRITE)) {
        return Optional.of("writable by every user (mode %s)".formatted(mode()));
      }
      if (permissions.contains(PosixFilePermission.GROUP_WRITE) && group != gid) {
        return Optional.of(
            "writable by group %d, not this user's own (mode %s)".formatted(group, mode()));
      }
      return Optional.empty();
    }

    private String mode() {
      return PosixFilePermissions.toString(permissions);
    }
  }
}
