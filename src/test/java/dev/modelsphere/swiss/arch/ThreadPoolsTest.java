package dev.modelsphere.swiss.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noFields;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import java.util.Set;
import java.util.Timer;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import org.junit.jupiter.api.Test;

/**
 * Every thread swiss starts belongs to an object that its owner stops: the server at stop, a CLI
 * command when it ends (architecture.md, "Threads and lifetimes"). A pool kept by a class would
 * outlive every server of the process, and no test could stop it.
 */
class ThreadPoolsTest {
  private static final JavaClasses CLASSES = SwissClasses.MAIN;

  /**
   * The JDK's thread owners, by name: archunit.properties does not read the JDK's classes, so their
   * hierarchy (an ExecutorService is an Executor) is unknown here.
   */
  private static final Set<Class<?>> THREAD_OWNERS =
      Set.of(
          Executor.class,
          ExecutorService.class,
          ScheduledExecutorService.class,
          ThreadPoolExecutor.class,
          ScheduledThreadPoolExecutor.class,
          ForkJoinPool.class,
          Timer.class,
          Thread.class);

  private static final DescribedPredicate<JavaClass> OWNS_THREADS =
      DescribedPredicate.describe(
          "a thread pool, timer or thread",
          type ->
              THREAD_OWNERS.stream().anyMatch(type::isEquivalentTo)
                  || THREAD_OWNERS.stream().anyMatch(type::isAssignableTo));

  @Test
  void noClassKeepsAThreadPoolOrTimerInAStaticField() {
    noFields()
        .that()
        .areStatic()
        .should()
        .haveRawType(OWNS_THREADS)
        .because("a pool kept by a class is owned by nobody and never closed")
        .check(CLASSES);
  }

  /**
   * A cached pool starts a thread for every task that finds none idle, without limit: a burst of
   * slow writes or streams would take as many threads as it brings. Every pool says its ceiling.
   */
  @Test
  void noClassStartsAnUnboundedCachedThreadPool() {
    noClasses()
        .should()
        .callMethod(Executors.class, "newCachedThreadPool")
        .orShould()
        .callMethod(Executors.class, "newCachedThreadPool", ThreadFactory.class)
        .because("a pool without a ceiling takes a thread per task a burst brings")
        .check(CLASSES);
  }
}
