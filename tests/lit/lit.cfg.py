# lit configuration for kharden's checker corpus: every corpus/<check>/*.c is
# a test whose RUN lines run kharden and whose CHECK lines are the exact
# diagnostics expected; --implicit-check-not makes any other one a failure.
import os
import lit.formats

config.name = 'kharden-checkers'
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = ['.c']
config.excludes = ['include', 'examples', 'schemes', 'Inputs']
config.test_source_root = config.corpus_dir
config.test_exec_root = config.exec_dir

config.substitutions.append(('%kharden', config.kharden))
config.substitutions.append(
    ('%expect-exit', os.path.join(os.path.dirname(__file__), 'expect-exit.sh')))
# Compiler flags of a corpus case: mock kernel headers only.
config.substitutions.append(
    ('%kflags', '-nostdinc -std=gnu11 -I ' + os.path.join(config.corpus_dir, 'include')))
# Exactly the diagnostics the CHECK lines name, nothing else.
config.substitutions.append(
    ('%strict', '--implicit-check-not=warning: --implicit-check-not=note: '
                '--implicit-check-not=error:'))
config.environment['PATH'] = os.pathsep.join(
    [config.llvm_tools_dir, config.environment.get('PATH', '')])
