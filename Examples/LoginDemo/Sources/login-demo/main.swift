import Foundation
import LoginDemoIOS
import LoginDemoMacOS

// Runs manifests/LoginDemo.yaml's scenario in both configurations, each through its own
// generated code; the exit status is 0 only when every expectation holds in both.
let base = await LoginDemoIOS.LoginDemoScenario.run()
let macOS = await LoginDemoMacOS.LoginDemoScenario.run()
guard base && macOS else {
  print("login-demo: some expectations failed")
  exit(1)
}
print("login-demo: every expectation holds in both configurations")
