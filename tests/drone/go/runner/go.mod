// Drone's exec runner for the real-Drone tests (tests/drone/build.ts builds it): it runs
// `type: exec` pipelines as processes on this machine. The version is pinned here and only here.
module drone-console/tests/drone/go/runner

go 1.26

require github.com/drone-runners/drone-runner-exec v1.0.0-beta.10

require (
	github.com/99designs/basicauth-go v0.0.0-20160802081356-2a93ba0f464d // indirect
	github.com/99designs/httpsignatures-go v0.0.0-20170731043157-88528bf4ca7e // indirect
	github.com/alecthomas/template v0.0.0-20160405071501-a0175ee3bccc // indirect
	github.com/alecthomas/units v0.0.0-20151022065526-2efee857e7cf // indirect
	github.com/bmatcuk/doublestar v1.1.1 // indirect
	github.com/buildkite/yaml v2.1.0+incompatible // indirect
	github.com/coreos/go-semver v0.3.0 // indirect
	github.com/dchest/uniuri v0.0.0-20160212164326-8902c56451e9 // indirect
	github.com/docker/go-units v0.4.0 // indirect
	github.com/drone/drone-go v1.0.5-0.20190504210458-4d6116b897ba // indirect
	github.com/drone/envsubst v1.0.2 // indirect
	github.com/drone/runner-go v1.3.1 // indirect
	github.com/drone/signal v1.0.0 // indirect
	github.com/gosimple/slug v1.5.0 // indirect
	github.com/hashicorp/errwrap v1.0.0 // indirect
	github.com/hashicorp/go-multierror v1.0.0 // indirect
	github.com/joho/godotenv v1.3.0 // indirect
	github.com/kardianos/service v1.0.0 // indirect
	github.com/kelseyhightower/envconfig v1.3.0 // indirect
	github.com/mattn/go-isatty v0.0.8 // indirect
	github.com/natessilva/dag v0.0.0-20180124060714-7194b8dcc5c4 // indirect
	github.com/orandin/lumberjackrus v1.0.1 // indirect
	github.com/rainycape/unidecode v0.0.0-20150907023854-cb7f23ec59be // indirect
	github.com/sirupsen/logrus v1.8.1 // indirect
	golang.org/x/crypto v0.0.0-20190621222207-cc06ce4a13d4 // indirect
	golang.org/x/net v0.0.0-20190404232315-eb5bcb51f2a3 // indirect
	golang.org/x/sync v0.0.0-20190423024810-112230192c58 // indirect
	golang.org/x/sys v0.0.0-20220520151302-bc2c85ada10a // indirect
	golang.org/x/text v0.3.0 // indirect
	gopkg.in/alecthomas/kingpin.v2 v2.2.6 // indirect
	gopkg.in/natefinch/lumberjack.v2 v2.0.0 // indirect
)
