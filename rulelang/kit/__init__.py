"""The kit the construct catalogue is built with: generated code as `ast` nodes (`codegen`), parse
trees and where their nodes start (`trees`), the names a rule file may use (`names`), texts with
`{expression}` fields (`texts`), documents that know where each value was written (`documents`),
how a move is told in the third person (`person`), and the cycle collector paused while much is
made (`collector`). It imports nothing of rulelang but errors."""
