import Glibc
import ThumbgenKit

exit(Thumbgen.main().rawValue)
