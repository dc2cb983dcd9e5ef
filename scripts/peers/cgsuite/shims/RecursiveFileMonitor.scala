// Stand-in for io.methvin:directory-watcher-better-files (not reachable from this
// machine's registries). CGSuite only uses it to reload edited .cgs files in a live
// session; a benchmark run edits none, so this monitor watches nothing.
package io.methvin.better.files

import better.files.File
import scala.concurrent.ExecutionContext

abstract class RecursiveFileMonitor(val root: File) {
  def onCreate(file: File, count: Int): Unit = ()
  def onModify(file: File, count: Int): Unit = ()
  def onDelete(file: File, count: Int): Unit = ()
  def start()(implicit ec: ExecutionContext = ExecutionContext.global): Unit = ()
  def stop(): Unit = ()
  def close(): Unit = ()
}
