// Stand-in for com.typesafe.scala-logging (not reachable from this machine's registries):
// the same names, forwarding to SLF4J with by-name messages instead of macros.
package com.typesafe.scalalogging

import org.slf4j.{LoggerFactory, Logger => Underlying}

final class Logger(val underlying: Underlying) extends Serializable {
  def error(msg: => String): Unit = if (underlying.isErrorEnabled) underlying.error(msg)
  def error(msg: => String, t: Throwable): Unit = if (underlying.isErrorEnabled) underlying.error(msg, t)
  def warn(msg: => String): Unit = if (underlying.isWarnEnabled) underlying.warn(msg)
  def warn(msg: => String, t: Throwable): Unit = if (underlying.isWarnEnabled) underlying.warn(msg, t)
  def info(msg: => String): Unit = if (underlying.isInfoEnabled) underlying.info(msg)
  def info(msg: => String, t: Throwable): Unit = if (underlying.isInfoEnabled) underlying.info(msg, t)
  def debug(msg: => String): Unit = if (underlying.isDebugEnabled) underlying.debug(msg)
  def debug(msg: => String, t: Throwable): Unit = if (underlying.isDebugEnabled) underlying.debug(msg, t)
  def trace(msg: => String): Unit = if (underlying.isTraceEnabled) underlying.trace(msg)
}

object Logger {
  def apply(underlying: Underlying): Logger = new Logger(underlying)
  def apply(name: String): Logger = new Logger(LoggerFactory.getLogger(name))
  def apply(clazz: Class[_]): Logger = new Logger(LoggerFactory.getLogger(clazz))
}

trait LazyLogging {
  @transient protected lazy val logger: Logger = Logger(getClass.getName)
}

trait StrictLogging {
  protected val logger: Logger = Logger(getClass.getName)
}
