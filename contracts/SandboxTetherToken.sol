// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import "./SandboxERC20.sol";

/// @notice USDT-like token. Like Tether on Ethereum it refuses to change a non-zero allowance
/// to another non-zero value (the payer must approve 0 first), and has no permit.
/// `returnsBool = false` reproduces mainnet USDT's missing return values on
/// transfer/transferFrom/approve; the other chains' USDT return a bool.
contract SandboxTetherToken is SandboxERC20 {
    bool private immutable returnsBool;

    constructor(
        string memory name_,
        string memory symbol_,
        uint8 decimals_,
        bool returnsBool_,
        address[] memory holders,
        uint256 amountEach
    ) SandboxERC20(name_, symbol_, decimals_, holders, amountEach) {
        returnsBool = returnsBool_;
    }

    function transfer(address to, uint256 amount) external {
        _transfer(msg.sender, to, amount);
        _returnTrue();
    }

    function transferFrom(address from, address to, uint256 amount) external {
        _spendAllowance(from, msg.sender, amount);
        _transfer(from, to, amount);
        _returnTrue();
    }

    function approve(address spender, uint256 amount) external {
        require(amount == 0 || allowance[msg.sender][spender] == 0, "USDT: approve 0 before changing a non-zero allowance");
        _approve(msg.sender, spender, amount);
        _returnTrue();
    }

    function _returnTrue() private view {
        if (returnsBool) {
            assembly {
                mstore(0, 1)
                return(0, 32)
            }
        }
    }
}
